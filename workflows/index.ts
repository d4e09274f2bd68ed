// The workflow bundle's entry: every workflow type the worker registers.
export { laudoWorkflow } from './laudo/workflow';
export { studyIngestWorkflow } from './study-ingest/workflow';
export { printWorkflow } from './print/workflow';
export { downloadWorkflow } from './download/workflow';
export { deadlineSweepWorkflow } from './deadline-sweep/workflow';
export { redistributeWorkflow } from './orchestrator/workflow';
export { criticalAckWorkflow } from './critical-ack/workflow';
