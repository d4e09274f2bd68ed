/**
 * Modules every workflow shares, loaded once per worker thread (the bundle's `preloadModules`)
 * instead of once per workflow. The reusable V8 context evaluates the bundle's modules again
 * for each new workflow, and zod's took most of that: 2.8 of 4.4 ms per workflow created
 * (`--cpu-prof` of `npm run bench`), before a first action's Update could be accepted.
 *
 * Shared modules and globals are deep-frozen, and zod sets three values lazily: its default
 * locale and memoizer in its global config (at the first schema, the first container), and
 * `util.allowsEval` (at an object's first parse). A schema built and parsed here sets them
 * before the freeze; set later, each would throw in a workflow. zod's other state is per schema,
 * or in Maps and closures that freezing leaves alone. Schemas are still built per workflow.
 *
 * The context's stack traces keep one frame (ADR 050). The SDK's promise hook captures and
 * source-maps a stack for every promise a workflow creates, for the stack-trace query: with
 * V8's default of 10 frames that was a quarter of the workflow thread's time, on the path of
 * every action. One frame keeps a thrown error's own place. Set before the freeze, like zod's.
 */
import { z } from 'zod';

z.object({ values: z.array(z.string()) }).parse({ values: ['shared'] });
void z.util.allowsEval.value;

Error.stackTraceLimit = 1;
