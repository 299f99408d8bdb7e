/** Scheduled SMS → Update's fields; the SMS kind is in smsUpdate.ts, the shared flow in updatePipeline.ts. */
import type { INodeProperties } from 'n8n-workflow';

import {
	batchProperty,
	checkSenderOption,
	dataFormatOption,
	maximumPartsPerMessageOption,
	maximumTotalPartsOption,
	messageTypeProperty,
	optionsCollection,
	scheduleOffsetOption,
	senderProperty,
	sendNonGsmAsGivenOption,
	smartEncodingOption,
	timeoutOption,
} from '../../items/common.descriptions';
import { numberOptions } from '../../items/numberRules';
import { SMS_UPDATE } from './smsUpdate';
import { updateOperation } from './updatePipeline';
import { addNumbersField, removeMessageIdsField, scheduleAtField } from './updating';

const properties: INodeProperties[] = [
	batchProperty,
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: [
			addNumbersField(
				'Phone numbers to add to the message, separated by commas (plain messages only)',
			),
			{ ...messageTypeProperty, default: 'auto' },
			{
				displayName: 'Message',
				name: 'text',
				type: 'string',
				typeOptions: { rows: 4 },
				default: '',
				description:
					'The new text (plain messages only: a personalised message keeps its template)',
			},
			removeMessageIdsField,
			scheduleAtField,
			scheduleOffsetOption,
			{ ...senderProperty, required: false },
		],
	},
	optionsCollection([
		checkSenderOption,
		...numberOptions,
		dataFormatOption,
		maximumPartsPerMessageOption,
		sendNonGsmAsGivenOption,
		smartEncodingOption,
		{
			...maximumTotalPartsOption,
			description:
				'Most SMS parts the numbers one run adds may cost: each added number costs its message’s parts (of the new text if given, else of the message’s own), added up over every item. A run over it changes nothing and fails (with Continue On Fail every item becomes an error). 0 means no limit.',
		},
		timeoutOption,
	]),
];

export const update = updateOperation(SMS_UPDATE, {
	option: {
		name: 'Update',
		description:
			'Change a scheduled message: its text, sender, type or time, add numbers or remove some',
		action: 'Update a scheduled SMS',
	},
	properties,
});
