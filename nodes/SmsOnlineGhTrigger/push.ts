/**
 * A pushed delivery report, from the request body to the items a workflow sees. Pure: no n8n
 * context, so every body can be tried in a unit test.
 *
 * The pushed payload's shape is not public: the vendor's SDK (Zenoph.Notify) only writes
 * `callback/url` and `callback/accept` and never reads a push. The nearest shape it knows is its
 * delivery report (the send answer's envelope with `delivery: true`), so that is what is read,
 * with the same reader as the Get Delivery Report operation, about SMS or voice as that operation
 * reads them; unknown members are ignored and a body that looks like a report but cannot be read
 * (USSD among them: the vendor's SDKs cannot make a report of it) becomes one item with a
 * `warning` and a bounded excerpt; the node keeps the whole body beside it as binary data.
 */
import type { IDataObject } from 'n8n-workflow';

import { reportedDestination, reportReceipt } from '../shared/reportItems';
import { textExcerpt, valueExcerpt } from './excerpt';
import { decodeEnvelope, sniffFormat } from '../shared/transport/codec';
import { inflateAnswer } from '../shared/transport/compressed';
import { deliveryReportReader } from '../shared/transport/endpoints/report';
import {
	type MessageCategory,
	readSendAnswer,
	REPORTED_CATEGORIES,
	type WireSendResult,
} from '../shared/transport/endpoints/send';
import { decoded, isObject, toList } from '../shared/transport/read';

/** One item per destination (the default) or one per pushed report. */
export type ItemShape = 'destination' | 'report';

export interface PushOptions {
	/** Verdicts whose destinations start an execution; empty: every verdict. */
	verdicts: readonly string[];
	shape: ItemShape;
	/** The trigger's Maximum Body Size: also the most a compressed body may inflate to. */
	maxBodyBytes: number;
}

/** What the trigger makes of a body: a refusal (no execution) or the items to emit (maybe none). */
export type PushOutcome =
	| { accepted: false; httpStatus: 400; reason: string }
	| { accepted: true; items: IDataObject[] };

/** The binary property that holds the whole body of a push that could not be read. */
export const RAW_BODY = 'rawBody';

/** base64 of a gzip stream always begins with these characters (bytes 1f 8b 08). */
const GZIP_BASE64 = /^\s*H4sI[A-Za-z0-9+/=\s]*$/;

/**
 * The items of one pushed body. A body that is neither JSON, XML nor base64 of gzip is refused
 * (400); one that is, but does not read as a report, becomes one item with its raw text and a
 * `warning`, so no report is lost. Never throws.
 */
export function readPush(body: string, contentType: string, options: PushOptions): PushOutcome {
	const text = plainText(body, contentType, options.maxBodyBytes);
	if (text === undefined) {
		const reason = body.trim() === '' ? 'the body is empty' : 'the body is neither JSON, XML nor base64 of gzip';
		return { accepted: false, httpStatus: 400, reason };
	}
	if (!text.ok) return { accepted: true, items: [warningItem(text.reason, body, contentType)] };
	return { accepted: true, items: reportItems(text.value, body, contentType, options) };
}

/** The body as JSON or XML text; undefined when it is none of the three forms. */
function plainText(body: string, contentType: string, maxBytes: number): { ok: true; value: string } | { ok: false; reason: string } | undefined {
	if (sniffFormat(body) !== undefined) return { ok: true, value: body };
	if (!GZIP_BASE64.test(body)) return undefined;
	try {
		const inflated = inflateAnswer(body, { 'content-type': contentType }, maxBytes);
		if (sniffFormat(inflated) !== undefined) return { ok: true, value: inflated };
		return { ok: false, reason: 'the compressed body holds neither JSON nor XML' };
	} catch (error) {
		/*
		 * Too large once inflated: a warning item, not a 413. The body itself was within the limit
		 * and came with the token, so it is kept whole (as binary data, bounded by the body size); a
		 * 413 would lose it, since the same push would be refused every time it came again.
		 */
		if (error instanceof RangeError) return { ok: false, reason: tooLargeInflated(maxBytes) };
		return { ok: false, reason: `the compressed body could not be inflated (${(error as Error).message})` };
	}
}

function tooLargeInflated(maxBytes: number): string {
	const mb = Math.round((maxBytes / (1024 * 1024)) * 100) / 100;
	return `the compressed body inflates to more than ${mb} MB, the trigger's Maximum Body Size: raise that option to read such a report`;
}

function readReport(data: unknown): WireSendResult {
	return readSendAnswer(data, (destination) => destination, { categories: REPORTED_CATEGORIES });
}

/** What a body's report gives: its destinations as items (or warnings) and the category it names. */
interface PushedReport {
	report?: WireSendResult;
	destinations: IDataObject[];
	category?: MessageCategory;
}

function reportItems(text: string, raw: string, contentType: string, options: PushOptions): IDataObject[] {
	const envelope = decodeEnvelope(text, deliveryReportReader.xmlLists);
	if (!envelope.ok) return [warningItem(envelope.reason, raw, contentType)];
	const { handshake, data } = envelope.value;
	if (handshake.id !== 0) {
		return [warningItem(`the report's handshake is ${handshake.id}${handshake.label ? ` ${handshake.label}` : ''}, not 0`, raw, contentType)];
	}
	const read = readDestinations(data, raw, contentType);
	if (Array.isArray(read)) return read;
	const chosen = read.destinations.filter((item) => keep(item, options.verdicts));
	if (options.shape === 'destination' || chosen.length === 0) return chosen;
	return [reportItem(read.report, read.category, chosen)];
}

/** The report's destinations as items; a warning item alone (an array) when the report cannot be read at all. */
function readDestinations(data: unknown, raw: string, contentType: string): PushedReport | IDataObject[] {
	const whole = decoded(() => readReport(data));
	if (whole.ok) {
		// The reader takes a missing list for an empty one; a push about no destination is not a report.
		if (whole.value.destinations.length === 0) return [warningItem('the report names no destination', raw, contentType)];
		return { report: whole.value, destinations: reportDestinations(whole.value), category: whole.value.category };
	}
	/*
	 * The report's own members (its category, batch, delivery flag) fail every destination alike: a
	 * USSD report is one warning item with the raw body, not one warning per destination.
	 */
	const head = decoded(() => readReport(isObject(data) ? { ...data, destinations: [] } : data));
	if (!head.ok) return [warningItem(head.reason, raw, contentType)];
	return { destinations: destinationByDestination(data, whole.reason, raw, contentType), category: head.value.category };
}

/**
 * A voice batch's items say so, as Get Delivery Report's do. An SMS report's items keep the shape
 * they always had (no category), so the workflows built on them see nothing new.
 */
function reportDestinations(report: WireSendResult): IDataObject[] {
	return report.destinations.map((wire) => {
		const item = reportedDestination(report.batch, reportReceipt(wire));
		if (report.category === 'voice') item.category = 'voice';
		return item;
	});
}

/**
 * A report the reader refuses as a whole (one destination without a number, say) is read again
 * one destination at a time: the readable ones become items as usual, each unreadable one an item
 * with a `warning` and that destination's raw members.
 */
function destinationByDestination(data: unknown, reason: string, raw: string, contentType: string): IDataObject[] {
	const list = isObject(data) ? decoded(() => toList(data.destinations, 'no destinations list')) : undefined;
	if (!list?.ok || list.value.length === 0) return [warningItem(reason, raw, contentType)];
	return list.value.map((destination, index) => {
		const one = decoded(() => readReport({ ...(data as IDataObject), destinations: [destination] }));
		if (one.ok) return reportDestinations(one.value)[0];
		const why = one.reason.replace('destination 1', `destination ${index + 1}`);
		// An excerpt, never the raw member: it may be nested thousands deep.
		return { warning: `The pushed report could not be read whole: ${why}`, destination: valueExcerpt(destination) as IDataObject };
	});
}

/** Warning items always pass: a report the trigger could not read may be of any verdict. */
function keep(item: IDataObject, verdicts: readonly string[]): boolean {
	return verdicts.length === 0 || item.warning !== undefined || verdicts.includes(String(item.verdict));
}

function reportItem(report: WireSendResult | undefined, category: MessageCategory | undefined, destinations: IDataObject[]): IDataObject {
	const batch = report?.batch ?? destinations.find((d) => typeof d.batch === 'string')?.batch;
	const item: IDataObject = {};
	if (batch !== undefined) item.batch = batch;
	if (category === 'voice') item.category = 'voice';
	item.destinationsCount = destinations.length;
	item.destinations = destinations;
	return item;
}

/**
 * One item for a body that looks like a report but cannot be read: why, and the start of its text.
 * The whole body goes beside it as binary data (the node adds it: a report cut short is a report
 * lost), not into the JSON, which n8n copies and serialises.
 */
export function warningItem(reason: string, raw: string, contentType: string): IDataObject {
	const item: IDataObject = {
		warning: `A delivery report was pushed but could not be read: ${reason}. The whole body is in the binary property ${RAW_BODY}.`,
		excerpt: textExcerpt(raw),
	};
	if (contentType !== '') item.contentType = contentType;
	return item;
}
