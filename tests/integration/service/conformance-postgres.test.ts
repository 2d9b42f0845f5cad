import { afterAll, beforeAll, describe } from 'vitest';
import { openDemoFixture, type DemoFixture } from './demo-fixture';
import { ordersSuite } from './suite-orders';
import { refundsAndValidationSuite } from './suite-refunds-validation';
import { shopsAndProductsSuite } from './suite-shops-products';

// The same conformance suite on PostgreSQL (runs when TEST_DATABASE_URL is set; uses its own database).

describe.skipIf(!process.env.TEST_DATABASE_URL)('Reporting Service conformance on postgres', () => {
  let fx: DemoFixture | undefined;
  beforeAll(async () => {
    fx = await openDemoFixture('postgres');
  });
  afterAll(async () => {
    await fx?.close();
  });
  const fixture = () => fx as DemoFixture;
  shopsAndProductsSuite(fixture);
  ordersSuite(fixture);
  refundsAndValidationSuite(fixture);
});
