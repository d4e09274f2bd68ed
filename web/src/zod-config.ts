import { z } from 'zod';

// zod 4 probes `new Function('')` (when an object schema is built) to decide whether to compile
// its parsers; under our CSP (no 'unsafe-eval') the probe fails quietly but the browser still
// reports a securitypolicyviolation. jitless: no probe, the same parsing without code
// generation. vite.config.mts puts this file in zod's own chunk, so it runs before any other
// chunk builds a schema; main.tsx imports it so that it is bundled at all.
z.config({ jitless: true });
