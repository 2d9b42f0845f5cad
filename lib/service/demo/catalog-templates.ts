// Product templates of the demo catalogs: [name, code, price in cents (USD), cogs % of price,
// shipping cost in cents, variants]. A variant is [SKU name, seller-SKU suffix, price delta].
// Names include non-ASCII text and strings that exercise escaping and spreadsheet-formula
// neutralising downstream. `LOSS_MAKERS` cost more than they sell for.

export type VariantTemplate = readonly [skuName: string, suffix: string, priceDelta: number];
export type ProductTemplate = readonly [
  name: string,
  code: string,
  price: number,
  cogsPercent: number,
  shipping: number,
  variants: readonly VariantTemplate[],
];

const sizes: VariantTemplate[] = [
  ['Small', 'S', 0],
  ['Medium', 'M', 300],
  ['Large', 'L', 600],
];
const scents: VariantTemplate[] = [
  ['Lavender / 200 g', 'LAV', 0],
  ['Vanilla / 200 g', 'VAN', 0],
  ['Sandalwood / 200 g', 'SAN', 200],
  ['Unscented / 200 g', 'UNS', -100],
];
const colours: VariantTemplate[] = [
  ['Sage green', 'SAGE', 0],
  ['Terracotta', 'TERRA', 0],
];
const single: VariantTemplate[] = [['Default', 'STD', 0]];
const packs: VariantTemplate[] = [
  ['Pack of 2', 'P2', 0],
  ['Pack of 4', 'P4', 900],
];

export const PRODUCT_TEMPLATES: readonly ProductTemplate[] = [
  ['Crème brûlée candle', 'CBC', 2400, 28, 450, scents],
  ['Çay bardağı tea glass set', 'CAY', 2900, 35, 650, packs],
  ['抹茶 matcha whisk set (茶筅)', 'MAT', 3400, 32, 400, single],
  ['Linen throw blanket', 'LTB', 6900, 40, 900, colours],
  ['=SUM(1+1) mug', 'SUM', 1800, 30, 450, colours],
  ['Gift box <b>Bold</b> & "Quoted" \'Edition\'', 'GFT', 4500, 38, 600, sizes],
  ['Stoneware dinner plate', 'PLT', 2200, 33, 700, packs],
  ['Beeswax wraps', 'BWR', 1600, 25, 250, packs],
  ['Olive wood spoon', 'OWS', 1400, 30, 250, single],
  ['Smørrebrød cutting board', 'SMB', 3900, 36, 800, sizes],
  ['Hand-poured soy candle', 'SOY', 1900, 27, 450, scents],
  ['Ceramic planter — speckled', 'PLN', 2800, 34, 750, sizes],
  ['Café au lait bowl', 'CAL', 1500, 31, 450, colours],
  ['Cotton tote bag', 'TOT', 1200, 30, 250, colours],
  ['@home doormat', 'MAT2', 3500, 37, 900, single],
  ['Jasmine incense sticks', 'INC', 900, 22, 150, packs],
  ['Glass storage jar', 'JAR', 1700, 33, 550, sizes],
  ['Bamboo bath tray', 'BTR', 4200, 39, 850, single],
  ['Waffle-knit towel', 'TWL', 2600, 35, 450, colours],
  ['Pour-over coffee dripper', 'DRP', 3200, 34, 500, colours],
  ['Reed diffuser “Morning fog”', 'RDF', 2900, 29, 500, scents],
  ['Wool felt coasters', 'CST', 1300, 28, 200, packs],
  ['Ночной свет night lamp', 'LMP', 5400, 41, 950, colours],
  ['Marble trivet', 'TRV', 2400, 36, 700, single],
  ['Enamel camping mug', 'ENM', 1600, 32, 350, colours],
  ['Washi tape set 和紙', 'WSH', 1100, 26, 150, packs],
  ['Rattan storage basket', 'RTN', 3800, 38, 900, sizes],
  ['Cast iron skillet 10"', 'SKL', 4900, 42, 1100, single],
  ['Señorita hand soap', 'SOP', 1400, 29, 300, scents],
  ['Teak serving board', 'TEK', 5200, 40, 950, sizes],
  ['Knitted tea cosy', 'COS', 2100, 33, 350, colours],
  ['Terrazzo soap dish', 'SDH', 1500, 31, 300, single],
  ['Flat-pack bookshelf', 'BKS', 8900, 60, 2800, single],
  ['Mini succulent pot', 'SUC', 700, 55, 450, single],
  ['Scented drawer liners', 'DRW', 1300, 30, 250, scents],
  ['Brass candle snuffer', 'SNF', 1900, 34, 300, single],
  ['Linen napkins', 'NAP', 2300, 35, 350, packs],
  ['Porcelain espresso cups', 'ESP', 2700, 33, 600, packs],
];

/** Codes of products whose cost of goods, shipping and fees exceed their price. */
export const LOSS_MAKERS: ReadonlySet<string> = new Set(['BKS', 'SUC']);
