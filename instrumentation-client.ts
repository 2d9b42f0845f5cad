// Runs in the browser before any of the app's own modules (Next.js loads it first).
//
// zod probes for a JIT with `new Function('')` when an object schema is built; under our
// Content-Security-Policy (no 'unsafe-eval') the caught probe is still reported as a violation.
// In the browser zod runs without the JIT (the payloads it parses are small), so the switch must be
// set before the first schema module is evaluated, which is why it lives here and not in a provider.
import { config } from 'zod/v4/core';

config({ jitless: true });
