// The Output option: one item per destination, or one summary item, what an AI agent needs to
// answer its user at a small fraction of the per-destination items' length.
import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	IPairedItemData,
} from 'n8n-workflow';

import type { AccountCredit } from '../account/balance';
import { accountCredit } from '../account/balance';
import type { ItemParameters } from '../items/parameters';
import { readCeilings } from './ceilings';
import { costInWords } from './cost';

export type OutputMode = 'perDestination' | 'summary';

/**
 * n8n's tool variant is a type named with `Tool` appended (convertNodeToAiTool). The type is read, not
 * n8n-workflow's isToolType, which not every n8n that loads the package exports.
 */
export function runsAsTool(ctx: IExecuteFunctions): boolean {
	return /Tool$/.test(ctx.getNode().type);
}

/** The Output option as set, else Summary for a tool and Per Destination in a workflow. */
export function readOutputMode(ctx: IExecuteFunctions, parameters: ItemParameters): OutputMode {
	const { output } = parameters.get<{ output?: unknown }>('options', 0, {});
	if (output === 'summary' || output === 'perDestination') return output;
	return runsAsTool(ctx) ? 'summary' : 'perDestination';
}

/** alreadySent is as asked: the service refusing a repeat of a message an earlier run sent. */
const AS_ASKED = new Set(['accepted', 'scheduled', 'alreadySent', 'dryRun']);

/** Verdicts whose parts the service takes from the balance: sent now, or held for later. */
const CHARGED = new Set(['accepted', 'scheduled']);

function pairedItems(item: INodeExecutionData): number[] {
	const paired = item.pairedItem;
	if (paired === undefined || typeof paired === 'number')
		return paired === undefined ? [] : [paired];
	return (Array.isArray(paired) ? paired : [paired]).map((p: IPairedItemData) => p.item);
}

function notAcceptedEntry(json: IDataObject): IDataObject {
	const entry: IDataObject = { to: json.to, verdict: json.verdict, reason: json.reason };
	if (json.clientReference !== undefined) entry.clientReference = json.clientReference;
	return entry;
}

/** The cost ceilings a dry run's summary sets its estimate against (0 = no limit). */
export interface SummaryCeilings {
	maximumPartsPerMessage: number;
	maximumTotalParts: number;
}

export function summarise(
	outputs: INodeExecutionData[],
	inputCount: number,
	ceilings?: () => SummaryCeilings | IDataObject,
	account?: AccountCredit,
): INodeExecutionData {
	const verdicts: Record<string, number> = {};
	const batches = new Set<string>();
	const references = new Set<string>();
	const notAccepted: IDataObject[] = [];
	const errors: IDataObject[] = [];
	let destinations = 0;
	let estimatedParts = 0;
	// A voice message has no parts: its dry run's estimate is its destinations alone.
	let counted = false;
	let parts = 0;
	let partsSaved = 0;
	let textsChanged = 0;

	for (const item of outputs) {
		const { json } = item;
		if (typeof json.verdict === 'string')
			verdicts[json.verdict] = (verdicts[json.verdict] ?? 0) + 1;
		if (json.to === undefined || json.to === null) {
			// An item refused before sending names no destination, only its error.
			if (json.error !== undefined || typeof json.verdict !== 'string')
				errors.push({ item: pairedItems(item)[0] ?? null, error: json.error ?? null });
			continue;
		}
		if (typeof json.verdict !== 'string') continue;
		destinations++;
		if (typeof json.batch === 'string') batches.add(json.batch);
		if (typeof json.clientReference === 'string') references.add(json.clientReference);
		if (!AS_ASKED.has(json.verdict)) notAccepted.push(notAcceptedEntry(json));
		if (json.verdict === 'dryRun' && typeof json.parts === 'number') {
			estimatedParts += json.parts;
			counted = true;
		}
		if (CHARGED.has(json.verdict) && typeof json.parts === 'number') parts += json.parts;
		if (AS_ASKED.has(json.verdict) && typeof json.partsSaved === 'number')
			partsSaved += json.partsSaved;
		if (AS_ASKED.has(json.verdict) && typeof json.replaced === 'string') textsChanged++;
	}

	const summary: IDataObject = { destinations, verdicts, batches: [...batches] };
	if (parts > 0) Object.assign(summary, { parts, cost: costInWords(parts, 'takes', account) });
	if (verdicts.dryRun !== undefined) {
		if (counted)
			Object.assign(summary, {
				estimatedParts,
				cost: costInWords(estimatedParts, 'would take', account),
			});
		if (ceilings) Object.assign(summary, ceilings());
	}
	// Present whenever Smart Encoding changed a text, 0 included, as on the items.
	if (partsSaved > 0 || textsChanged > 0) summary.partsSaved = partsSaved;
	if (textsChanged > 0) summary.textsChanged = textsChanged;
	if (references.size > 0) summary.clientReferences = [...references];
	summary.notAccepted = notAccepted;
	if (errors.length > 0) summary.errors = errors;
	return {
		json: summary,
		pairedItem: Array.from({ length: inputCount }, (_, item) => ({ item })),
	};
}

export function smsSummaryCeilings(
	this: IExecuteFunctions,
	parameters: ItemParameters,
): SummaryCeilings {
	const { perMessage, total } = readCeilings(this, parameters);
	return { maximumPartsPerMessage: perMessage, maximumTotalParts: total };
}

export function sendSummary(
	ceilings: (this: IExecuteFunctions, parameters: ItemParameters) => SummaryCeilings | IDataObject,
) {
	return async function (
		this: IExecuteFunctions,
		returnData: INodeExecutionData[],
		inputCount: number,
		parameters: ItemParameters,
	): Promise<INodeExecutionData | undefined> {
		if (readOutputMode(this, parameters) !== 'summary') return undefined;
		return summarise(
			returnData,
			inputCount,
			() => ceilings.call(this, parameters),
			await accountCredit(this),
		);
	};
}
