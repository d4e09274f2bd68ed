import { z } from 'zod';

// zod 4 probes `new Function('')` to decide whether to compile its parsers; under our CSP
// (no 'unsafe-eval') the probe fails quietly but the browser still reports a
// securitypolicyviolation. jitless: no probe, the same parsing without code generation.
z.config({ jitless: true });
