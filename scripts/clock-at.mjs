// Preloaded by scripts/test-at.mjs (node --import): every process of the test run starts with its
// clock at TEST_CLOCK_AT (an ISO instant) and runs on from there. `new Date()` and `Date.now()`
// move; a Date made from a value, and subclasses such as TZDate, are untouched. Only for tests.

const at = Date.parse(process.env.TEST_CLOCK_AT ?? '');
if (Number.isFinite(at)) {
  const RealDate = Date;
  const offset = at - RealDate.now();
  const now = () => RealDate.now() + offset;
  globalThis.Date = new Proxy(RealDate, {
    construct: (target, args, newTarget) => Reflect.construct(target, args.length ? args : [now()], newTarget),
    apply: () => new RealDate(now()).toString(),
    get: (target, key, receiver) => (key === 'now' ? now : Reflect.get(target, key, receiver)),
  });
}
