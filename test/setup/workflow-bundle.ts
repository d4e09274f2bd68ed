// The workflow bundle global setup built for this run, so that a file starting a worker does
// not build its own (each file has its own module registry: 3 s and 4 s of CPU each time).
import fs from 'node:fs';
import { useWorkflowBundle } from '../../worker/worker';
import { TEST_ENV } from './env';

const file = process.env[TEST_ENV.workflowBundle];
if (file) useWorkflowBundle(fs.readFileSync(file, 'utf8'));
