/** Scheduled Voice → Update's fields; the voice kind is in voiceUpdate.ts, the shared flow in updatePipeline.ts. */
import type { INodeProperties } from 'n8n-workflow';

import {
	batchProperty,
	dataFormatOption,
	optionsCollection,
	scheduleOffsetOption,
	timeoutOption,
	voiceCheckSenderOption,
	voiceSenderProperty,
} from '../../items/common.descriptions';
import { numberOptions } from '../../items/numberRules';
import { maximumDestinationsOption } from '../../sending/ceilings';
import { updateOperation } from './updatePipeline';
import { addNumbersField, removeMessageIdsField, scheduleAtField } from './updating';
import { VOICE_UPDATE } from './voiceUpdate';

const properties: INodeProperties[] = [
	batchProperty,
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: [
			addNumbersField('Phone numbers to add to the message, separated by commas'),
			removeMessageIdsField,
			scheduleAtField,
			scheduleOffsetOption,
			{
				...voiceSenderProperty,
				description: 'The new voice sender (one of the account’s voice senders, not its SMS ones)',
			},
			{
				displayName: 'Template',
				name: 'template',
				type: 'string',
				default: '',
				placeholder: 'e.g. payment_due',
				description: 'The name of another voice template stored on your account, to play instead',
			},
		],
	},
	optionsCollection([
		voiceCheckSenderOption,
		...numberOptions,
		dataFormatOption,
		{
			...maximumDestinationsOption,
			description:
				'Most phone numbers one run may add to waiting voice messages (Add Numbers over every item, counted as given: a number given twice counts twice). A run over it is refused before anything is loaded or changed. 0 = no limit.',
		},
		timeoutOption,
	]),
];

export const updateVoice = updateOperation(VOICE_UPDATE, {
	option: {
		name: 'Update',
		description:
			'Change a scheduled voice message: its template, sender or time, add numbers or remove some',
		action: 'Update a scheduled voice message',
	},
	properties,
});
