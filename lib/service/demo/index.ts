export { ensureDemoData, type EnsureDemoOptions } from './ensure';
export {
  DEMO_SEED,
  planDemoData,
  writeDemoData,
  type DemoDataOptions,
  type DemoPlan,
  type InTransaction,
} from './generate';
export { DEMO_ACCOUNTS, DEMO_SHOPS, MAIN_SHOP_KEY, demoShops, type DemoAccount, type DemoShop } from './accounts';
