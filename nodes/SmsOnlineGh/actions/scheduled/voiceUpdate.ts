/** The voice kind of the scheduled Update (vendor SDK: template required, else 1505; sender only when set). */
import type { IExecuteFunctions } from 'n8n-workflow';

import type { WireScheduledVoiceUpdate } from '../../../shared/transport/endpoints/scheduledUpdate';
import { voiceUpdateReceiptReader } from '../../../shared/transport/endpoints/scheduledUpdate';
import { checkXmlSafe } from '../../items/fields';
import { itemError } from '../../items/itemErrors';
import type { ItemParameters } from '../../items/parameters';
import type { DestinationsRefusal } from '../../sending/ceilings';
import { readMaximumDestinations, refuseOverDestinations } from '../../sending/ceilings';
import type { UpdateKind, UpdateRequest } from './updatePipeline';
import { optionalTextField } from './updating';

export interface VoiceUpdateRequest extends UpdateRequest {
	template?: string;
}

function voiceText(
	ctx: IExecuteFunctions,
	parameters: ItemParameters,
	itemIndex: number,
	field: string,
	value: unknown,
): string | undefined {
	const text = optionalTextField(ctx, itemIndex, field, value)?.trim();
	if (text !== undefined) checkXmlSafe(ctx, parameters, itemIndex, field, text);
	return text;
}

/** Numbers are counted as given, before anything is loaded: never under what is added. */
const OVER_DESTINATIONS: DestinationsRefusal<VoiceUpdateRequest> = {
	would: (numbers) => `add ${numbers} to waiting voice messages`,
	notDone: 'nothing was changed',
	fix: 'Add fewer numbers (split the run)',
	description:
		'The numbers to add are counted over every item of the run, as given (a number given twice counts twice), before any message is loaded. No message of this run was changed.',
	json: (request) => ({ batch: request.batch }),
};

export const VOICE_UPDATE: UpdateKind<VoiceUpdateRequest, WireScheduledVoiceUpdate> = {
	category: 'voice',
	otherCategory: (batch) =>
		`${batch} is a scheduled SMS, not a voice message: change it with Scheduled SMS → Update`,
	readOwn: (ctx, parameters, itemIndex, fields) => ({
		template: voiceText(ctx, parameters, itemIndex, 'Template', fields.template),
	}),
	readSender: (ctx, parameters, itemIndex, value) =>
		voiceText(ctx, parameters, itemIndex, 'Sender', value),
	changes: (request) => [request.template],
	mismatch(ctx, itemIndex, request, message) {
		// The update must name the template; no source shows a loaded voice message naming its own.
		if ((request.template ?? message.template) !== undefined) return undefined;
		return itemError(
			ctx,
			itemIndex,
			'Template',
			`is needed: the service did not say which template batch ${request.batch} plays, and an update must name it`,
		);
	},
	properties(request, message) {
		const update: Pick<WireScheduledVoiceUpdate, 'template' | 'sender'> = {
			template: (request.template ?? message.template) as string,
		};
		const sender = request.sender ?? message.sender;
		if (sender) update.sender = sender;
		return update;
	},
	reader: voiceUpdateReceiptReader,
	outputFields: (update) => ({ category: 'voice', template: update.template }),
	ceilings: {
		asGiven(ctx, inputs, parameters) {
			const added = inputs.reduce((sum, { input }) => sum + input.add.length, 0);
			return refuseOverDestinations(
				ctx,
				added,
				readMaximumDestinations(ctx, parameters),
				inputs,
				OVER_DESTINATIONS,
			);
		},
	},
};
