import { batchActionOperation } from './batchAction';

/** Sends a scheduled message at once instead of at its time (the service's "dispatch"). */
export const sendNow = batchActionOperation({
	option: {
		name: 'Send Now',
		description: 'Send a scheduled message at once instead of at its scheduled time',
		action: 'Send a scheduled SMS now',
	},
	action: 'dispatch',
	done: 'sentNow',
});
