export { ensureDemoData } from './ensure';
export { planDemoData, writeDemoData } from './generate';
export { DEMO_ACCOUNTS, MAIN_SHOP_KEY } from './accounts';
