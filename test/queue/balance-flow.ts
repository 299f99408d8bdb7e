/**
 * The queue suite's Balance Trigger workflow: SMSOnlineGH Balance Trigger alone, polling every
 * minute (n8n's shortest poll time), alerting when the balance falls below 100.
 */
import { type CredentialFile, type WorkflowFile } from '../../tools/n8n/runtime';

export const BALANCE_FLOW = 'QueueBalanceTrig';
export const BALANCE_TRIGGER_NAME = 'Low Balance';
/** The service's balance endpoint, as the simulator's journal names it: one read a poll. */
export const BALANCE_PATH = '/v5/account/balance';

export function balanceWorkflow(credential: CredentialFile): WorkflowFile {
	return {
		id: BALANCE_FLOW,
		name: 'Queue mode: low balance',
		nodes: [
			{
				id: '0b1a0000-0000-4000-8000-00000000e001',
				name: BALANCE_TRIGGER_NAME,
				type: 'n8n-nodes-smsonlinegh.smsOnlineGhBalanceTrigger',
				typeVersion: 1,
				position: [0, 0],
				parameters: {
					pollTimes: { item: [{ mode: 'everyMinute' }] },
					event: 'balanceBelow',
					threshold: 100,
				},
				credentials: { smsOnlineGhApi: { id: credential.id, name: credential.name } },
			},
		],
		connections: {},
		settings: { executionOrder: 'v1' },
		pinData: {},
		active: false,
	};
}
