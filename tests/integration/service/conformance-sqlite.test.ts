import { afterAll, beforeAll, describe } from 'vitest';
import { openDemoFixture, type DemoFixture } from './demo-fixture';
import { ordersSuite } from './suite-orders';
import { refundsAndValidationSuite } from './suite-refunds-validation';
import { shopsAndProductsSuite } from './suite-shops-products';

// The conformance suite on SQLite (the default store), against the real store and demo data.

describe('Reporting Service conformance on sqlite', () => {
  let fx: DemoFixture | undefined;
  beforeAll(async () => {
    fx = await openDemoFixture('sqlite');
  });
  afterAll(async () => {
    await fx?.close();
  });
  const fixture = () => fx as DemoFixture;
  shopsAndProductsSuite(fixture);
  ordersSuite(fixture);
  refundsAndValidationSuite(fixture);
});
