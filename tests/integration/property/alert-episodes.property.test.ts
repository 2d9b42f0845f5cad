import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { sentence } from '@/lib/format/sentence';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Finding } from '@/lib/alerts/context';
import { recordFindings } from '@/lib/alerts/episodes';
import { insertRule, listRules } from '@/lib/alerts/rule-store';
import { freshStore, type StoreFixture } from '@/tests/support/sync/harness';

// Alerts fire once per episode, never outside their scope, and never twice however many instances
// evaluate (docs/ARCHITECTURE.md#alerts). A generated sequence of syncs: each step syncs one shop,
// after which the condition holds for some subjects of that shop; time moves on by a generated
// amount. Every rule watching the shop (its own or every shop's) is evaluated, by one "instance" or
// by two at once. The oracle is a plain model of episodes: an alert opens when a subject's
// condition starts holding, or when it still holds once the cooldown has passed since its episode
// opened; it closes when the condition stops holding.

const SHOPS = ['shop-a', 'shop-b'] as const;
const SUBJECTS = ['sku:1', 'sku:2', 'sku:3', 'order:9'] as const;
const COOLDOWN_HOURS = 6;

const finding = (subject: string): Finding => ({
  subject,
  title: sentence('{subject}', { subject: { text: subject } }),
  message: sentence('{subject} holds', { subject: { text: subject } }),
  figure: { value: -1, baseline: 0, unit: 'money', currency: 'USD' },
  link: '/',
});

const step = fc.record({
  shop: fc.constantFrom(...SHOPS),
  holding: fc.subarray([...SUBJECTS]),
  minutes: fc.integer({ min: 1, max: 10 * 60 }),
  twoInstances: fc.boolean(),
});

describe.each([false, ...(process.env.TEST_DATABASE_URL ? [true] : [])])(
  'alert episodes over generated syncs (postgres: %s)',
  (postgres) => {
    const dir = mkdtempSync(join(tmpdir(), 'spd-episodes-'));
    const fixtures: StoreFixture[] = [];
    beforeAll(() => undefined);
    afterAll(async () => {
      await Promise.all(fixtures.map((f) => f.close()));
      rmSync(dir, { recursive: true, force: true });
    });

    it('each rule opens exactly one alert per episode, only for its shops, once across instances', async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 25 }), async (steps) => {
          const fixture = await freshStore(dir, postgres);
          fixtures.push(fixture);
          const db = fixture.store.db;
          let now = Date.UTC(2026, 10, 1);
          const ruleOnA = await insertRule(
            db,
            {
              shopId: 'shop-a',
              kind: 'sku-loss',
              params: { days: 7, minLines: 1 },
              channels: [],
              cooldownHours: COOLDOWN_HOURS,
            },
            null,
            now,
          );
          const ruleOnAll = await insertRule(
            db,
            { shopId: null, kind: 'order-loss', params: { amount: 0 }, channels: [], cooldownHours: COOLDOWN_HOURS },
            null,
            now,
          );
          const scope: Record<string, readonly string[]> = { [ruleOnA]: ['shop-a'], [ruleOnAll]: [...SHOPS] };

          // The model: per rule × shop × subject, when the open episode began (null: none open).
          const openSince = new Map<string, number | null>();
          let expected = 0;
          let opened = 0;
          for (const s of steps) {
            now += s.minutes * 60_000;
            const rules = await listRules(db, { shopId: s.shop, enabledOnly: true });
            for (const rule of rules) {
              expect(scope[rule.id]).toContain(s.shop);
              const findings = s.holding.map(finding);
              const evaluate = () => recordFindings(db, rule, s.shop, findings, now);
              const runs = s.twoInstances ? await Promise.all([evaluate(), evaluate()]) : [await evaluate()];
              const fresh = runs.flat();
              for (const alert of fresh) expect(alert.shop_id).toBe(s.shop);
              opened += fresh.length;
              for (const subject of SUBJECTS) {
                const key = `${rule.id}|${s.shop}|${subject}`;
                const since = openSince.get(key) ?? null;
                if (!s.holding.includes(subject)) openSince.set(key, null);
                else if (since === null || now - since >= COOLDOWN_HOURS * 3_600_000) {
                  openSince.set(key, now);
                  expected += 1;
                  expect(fresh.filter((a) => a.subject === subject)).toHaveLength(1);
                } else expect(fresh.filter((a) => a.subject === subject)).toHaveLength(0);
              }
            }
          }
          expect(opened).toBe(expected);
          // The store agrees: one row per episode, none for a shop outside a rule's scope, at most one open per subject.
          const rows = await db
            .selectFrom('st_alert')
            .select(['rule_id', 'shop_id', 'subject', 'cleared_at'])
            .execute();
          expect(rows).toHaveLength(expected);
          for (const row of rows) expect(scope[row.rule_id]).toContain(row.shop_id);
          const open = rows.filter((r) => r.cleared_at === null).map((r) => `${r.rule_id}|${r.shop_id}|${r.subject}`);
          expect(new Set(open).size).toBe(open.length);
          expect(open.sort()).toEqual(
            [...openSince]
              .filter(([, since]) => since !== null)
              .map(([key]) => key)
              .sort(),
          );
          await fixture.close();
          fixtures.splice(fixtures.indexOf(fixture), 1);
        }),
        { numRuns: postgres ? 15 : 40 },
      );
    }, 240_000);
  },
);
