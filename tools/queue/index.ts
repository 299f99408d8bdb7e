/**
 * A queue-mode n8n installation on this machine (Redis, Postgres, n8n main and workers, this
 * package installed on each), for the queue suite (test/queue) and the bench's queue line.
 * Each module next to this one does one part of the job.
 */
export { killAllNow, tail, type Child } from './child';
export { FAST_STALLED_DETECTION, type StalledJobTimings } from './environment';
export {
	international,
	postAll,
	postEach,
	untilServed,
	workload,
	type Call,
	type CallResult,
} from './load';
export { type MainProcess, type N8nProcess } from './n8n-process';
export { retryExecution, type ExecutionSummary, type RetryAnswer } from './rest';
export { startStack, type QueueStack, type StackOptions } from './stack';
export { workerExecutions, type WorkerExecutions } from './worker-log';
export { queueCredential, queueWorkflow, SMS_NODE, type SmsWorkflowSettings } from './workflow';
