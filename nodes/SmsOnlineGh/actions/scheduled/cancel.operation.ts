import { batchActionOperation } from './batchAction';

/** Cancels a scheduled message: none of its numbers is sent, and the credit it held comes back. */
export const cancel = batchActionOperation({
	option: {
		name: 'Cancel',
		description: 'Cancel a scheduled message so that none of its numbers is sent',
		action: 'Cancel a scheduled SMS',
	},
	action: 'cancel',
	done: 'cancelled',
});
