/**
 * The Output option of the send operations: one item per destination, or one summary item. The
 * summary is what an AI agent needs to answer its user (how many went out, in which batches, and
 * which numbers did not and why), at a small fraction of the per-destination items' length.
 */
import type { IDataObject, IExecuteFunctions, INodeExecutionData, IPairedItemData } from 'n8n-workflow';

import type { AccountCredit } from '../account/balance';
import { accountCredit } from '../account/balance';
import type { ItemParameters } from '../items/parameters';
import { readCeilings } from './ceilings';
import { costInWords } from './cost';

export type OutputMode = 'perDestination' | 'summary';

/**
 * Whether the node runs as an AI agent's tool. n8n makes the tool variant of a `usableAsTool` node
 * as a node type of its own, named after the node with `Tool` appended (n8n's convertNodeToAiTool:
 * `smsOnlineGh` becomes `smsOnlineGhTool`), and a workflow's node carries that type while the
 * agent runs it. The node's own type is read rather than n8n-workflow's isToolType helper, so the
 * answer does not depend on which helpers the n8n that loads the package exports.
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

/**
 * Verdicts that mean the number got (or, for a dry run, would get) its message as asked: the
 * summary counts them and names the others one by one. alreadySent is the service refusing a
 * repeat of a message it has, which an earlier run sent.
 */
const AS_ASKED = new Set(['accepted', 'scheduled', 'alreadySent', 'dryRun']);

/** Verdicts whose parts the service takes from the balance: sent now, or held for later. */
const CHARGED = new Set(['accepted', 'scheduled']);

function pairedItems(item: INodeExecutionData): number[] {
	const paired = item.pairedItem;
	if (paired === undefined || typeof paired === 'number') return paired === undefined ? [] : [paired];
	return (Array.isArray(paired) ? paired : [paired]).map((p: IPairedItemData) => p.item);
}

/** A destination that did not go as asked: its number, verdict and reason, and its reference. */
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

/**
 * One item for the whole run, paired with every input item: the destinations counted by verdict,
 * the batch ids, the Client References, the destinations that did not go as asked, and the input
 * items that were refused before sending (Continue On Fail), each with its error. A dry run adds
 * the parts it would have sent (`estimatedParts`) beside the two ceilings (read only then).
 */
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

	for (const item of outputs) {
		const { json } = item;
		if (typeof json.verdict === 'string') verdicts[json.verdict] = (verdicts[json.verdict] ?? 0) + 1;
		if (json.to === undefined || json.to === null) {
			// An item refused before sending (counted by its verdict, notSent): it names no
			// destination, only its error.
			if (json.error !== undefined || typeof json.verdict !== 'string') errors.push({ item: pairedItems(item)[0] ?? null, error: json.error ?? null });
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
		if (AS_ASKED.has(json.verdict) && typeof json.partsSaved === 'number') partsSaved += json.partsSaved;
	}

	const summary: IDataObject = { destinations, verdicts, batches: [...batches] };
	if (parts > 0) Object.assign(summary, { parts, cost: costInWords(parts, 'takes', account) });
	if (verdicts.dryRun !== undefined) {
		if (counted) Object.assign(summary, { estimatedParts, cost: costInWords(estimatedParts, 'would take', account) });
		if (ceilings) Object.assign(summary, ceilings());
	}
	if (partsSaved > 0) summary.partsSaved = partsSaved;
	if (references.size > 0) summary.clientReferences = [...references];
	summary.notAccepted = notAccepted;
	if (errors.length > 0) summary.errors = errors;
	return {
		json: summary,
		pairedItem: Array.from({ length: inputCount }, (_, item) => ({ item })),
	};
}

/** Send and Send Personalised: a dry run's estimate against the two parts ceilings. */
export function smsSummaryCeilings(this: IExecuteFunctions, parameters: ItemParameters): SummaryCeilings {
	const { perMessage, total } = readCeilings(this, parameters);
	return { maximumPartsPerMessage: perMessage, maximumTotalParts: total };
}

/**
 * A send operation's summary (its `summary` in the registry): one item for the run when its
 * Output option says so, the cost in the account's model kept for its credential, the dry run's
 * estimate set against the operation's own ceilings.
 */
export function sendSummary(ceilings: (this: IExecuteFunctions, parameters: ItemParameters) => SummaryCeilings | IDataObject) {
	return async function (
		this: IExecuteFunctions,
		returnData: INodeExecutionData[],
		inputCount: number,
		parameters: ItemParameters,
	): Promise<INodeExecutionData | undefined> {
		if (readOutputMode(this, parameters) !== 'summary') return undefined;
		return summarise(returnData, inputCount, () => ceilings.call(this, parameters), await accountCredit(this));
	};
}
