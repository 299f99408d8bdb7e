/**
 * The sender check before sending: the account's profile (`POST /v5/auth`) says for which countries
 * a sender must be registered and where an all-digit sender is refused (see helpers/senderRules.ts).
 * An item whose sender breaks those rules for one of its numbers would have every number rejected
 * (status 2128 or 2127): it becomes an error naming the item and the Sender field, and nothing of it
 * is sent; with Continue On Fail the other items still go. Send and Send Personalised check every
 * item before sending (checkSenders); Scheduled SMS → Update checks the numbers the message goes to
 * after the change, when it changes the sender or adds numbers; both through startSenderCheck.
 *
 * Why it is on by default and what it costs: a wrong sender costs no credit, but the user learns it
 * only from the output, item by item, after the run "succeeded"; a typo in a typed sender is the
 * commonest way to get there. The check costs one profile request per run of the node, whatever
 * the number of items and requests (the profile is read once and kept for that run), and it reads
 * only, so Dry Run makes it too. If the profile cannot be read the messages go out unchecked (the
 * service still refuses a wrong sender) and the run says so in a hint: a check that only helps
 * must not stop a send the service would take. The option Check Sender turns it off.
 */
import type { IExecuteFunctions, NodeApiError, NodeOperationError } from 'n8n-workflow';

import type { SenderProblem, SenderRules } from '../../helpers/senderRules';
import { isRegistered, senderProblem } from '../../helpers/senderRules';
import type { TransportFailure, TransportOptions } from '../../transport';
import { callService, PROFILE_PATH, profileReader } from '../../transport';
import { itemError } from '../fields';
import type { ItemParameters } from '../parameters';
import type { ItemInput, Outcome } from '../types';

/** What the check needs of one item: its sender and the numbers (as sent) it goes to. */
export interface SenderUse {
	sender: string;
	numbers: string[];
}

interface CheckOptions {
	checkSender?: boolean;
}

function countryOf(problem: SenderProblem): string {
	const { countryName, countryCode } = problem.route;
	return countryName ? `${countryName} (${countryCode})` : countryCode;
}

function listed(rules: SenderRules): string {
	const names = [...new Set(rules.senders.map((s) => s.name))];
	return names.length > 0 ? `Senders registered on the account: ${names.join(', ')}.` : 'The account has no registered senders.';
}

function problemError(
	ctx: IExecuteFunctions,
	itemIndex: number,
	sender: string,
	problem: SenderProblem,
	rules: SenderRules,
	nothingDone: string,
): NodeOperationError {
	const off = 'To go ahead anyway, turn off the Check Sender option.';
	if (problem.kind === 'numeric') {
		return itemError(
			ctx,
			itemIndex,
			'Sender',
			`"${sender}" is all digits, which the service does not allow for ${countryOf(problem)} (number ${problem.number}): use a sender name with letters`,
			`The service would reject every number of this message (status 2127, numeric sender). ${nothingDone} Use a sender name with letters. ${listed(rules)} ${off}`,
		);
	}
	return itemError(
		ctx,
		itemIndex,
		'Sender',
		`"${sender}" is not registered on your account for ${countryOf(problem)} (number ${problem.number}): pick a sender registered there from the list`,
		`The service would reject every number of this message (status 2128, sender not registered). ${nothingDone} Pick a sender from the list, or register this one for ${problem.route.countryCode} in the SMS Messaging menu of your SMSOnlineGH account. ${listed(rules)} ${off}`,
	);
}

/** Whether a Sender value was typed (By Name, an expression, or plain text saved by an earlier version). */
export function typedSender(raw: unknown): boolean {
	return !(typeof raw === 'object' && raw !== null && (raw as { mode?: unknown }).mode === 'list');
}

/** What an operation's check needs to say in its own words. */
export interface CheckWording {
	/** What goes out unchecked when the profile cannot be read: "the messages", "the updates". */
	unchecked: string;
	/** What the refusal left undone: "Nothing was sent.", "Nothing was changed.". */
	nothingDone: string;
}

/** The profile's rules, read once for a run, and the senders it met that the account does not list. */
export interface SenderCheck {
	/**
	 * The error for an item whose sender the profile says the service would refuse for one of its
	 * numbers, or undefined when it may go; a typed sender the account does not list is kept for the
	 * run's hint.
	 */
	problem(itemIndex: number, sender: string, numbers: Iterable<string>, typed: boolean): NodeOperationError | undefined;
	/** Leaves the run's hint for each typed sender the account does not list. */
	finish(): void;
}

/** Whether the operation's Check Sender option is on (it is by default). */
export function senderCheckEnabled(parameters: ItemParameters): boolean {
	return parameters.get<CheckOptions>('options', 0, {}).checkSender !== false;
}

/**
 * A refusal of the request itself (handshakes 11xx: headers; 12xx: the credential or the account's
 * API access) says the send would be refused for the same reason: nothing goes out, and the error
 * names the fix (the credential). Any other failure of the profile read leaves the run unchecked.
 */
function refusesEveryRequest(failure: TransportFailure): boolean {
	const id = failure.handshake?.id;
	return failure.certainty === 'refused' && id !== undefined && id >= 1100 && id < 1300;
}

/** The check stopped by a refusal every request of the run would meet: each item gets this error. */
export interface CheckRefused {
	refused: (itemIndex: number) => NodeApiError;
}

/**
 * Reads the profile (one request) and returns the check for the run; undefined when the profile
 * cannot be read, with a hint that the run goes out unchecked; `refused` when the service refused
 * the credential, so that nothing is sent.
 */
export async function startSenderCheck(
	ctx: IExecuteFunctions,
	transport: TransportOptions,
	wording: CheckWording,
): Promise<SenderCheck | CheckRefused | undefined> {
	const call = await callService(ctx, { path: PROFILE_PATH, reader: profileReader, readOnly: true }, transport);
	if (!call.ok && refusesEveryRequest(call.failure)) {
		const { failure } = call;
		return {
			refused: (itemIndex) =>
				failure.toNodeApiError(ctx.getNode(), {
					description: `${failure.description} ${wording.nothingDone} The account's profile, read to check the sender, was refused, and every request of this run would be refused the same way.`,
					itemIndex,
				}),
		};
	}
	if (!call.ok) {
		ctx.addExecutionHints({
			message: `The sender was not checked against the account’s profile (${call.failure.message}); ${wording.unchecked} went out unchecked.`,
			type: 'warning',
			location: 'outputPane',
		});
		return undefined;
	}
	const rules = call.value;
	const unlisted = new Set<string>();
	return {
		problem(itemIndex, sender, numbers, typed) {
			const problem = senderProblem(rules, sender, numbers);
			if (problem) return problemError(ctx, itemIndex, sender, problem, rules, wording.nothingDone);
			if (typed && !isRegistered(rules, sender)) unlisted.add(sender);
			return undefined;
		},
		finish() {
			for (const sender of unlisted) {
				ctx.addExecutionHints({
					message: `Sender "${sender}" is not one of the senders registered on the account. The service may reject its messages (status 2128): check the output’s verdicts, or pick the sender from the list.`,
					type: 'warning',
					location: 'outputPane',
				});
			}
		},
	};
}

const SEND_WORDING: CheckWording = { unchecked: 'the messages', nothingDone: 'Nothing was sent.' };

/**
 * Checks each item's sender against the profile before anything is sent. Returns the items that
 * may go and, with Continue On Fail, an error outcome for each item that may not; without it, the
 * first such item throws before anything is sent.
 */
export async function checkSenders<T>(
	ctx: IExecuteFunctions,
	parameters: ItemParameters,
	inputs: Array<ItemInput<T>>,
	use: (input: T) => SenderUse,
	transport: TransportOptions,
): Promise<{ inputs: Array<ItemInput<T>>; outcomes: Outcome[] }> {
	if (!senderCheckEnabled(parameters)) return { inputs, outcomes: [] };
	const check = await startSenderCheck(ctx, transport, SEND_WORDING);
	if (!check) return { inputs, outcomes: [] };
	const continueOnFail = ctx.continueOnFail();
	if ('refused' in check) {
		if (!continueOnFail) throw check.refused(inputs[0].itemIndex);
		return { inputs: [], outcomes: inputs.map(({ itemIndex }) => ({ items: itemIndex, json: {}, error: check.refused(itemIndex) })) };
	}
	const passed: Array<ItemInput<T>> = [];
	const outcomes: Outcome[] = [];
	for (const entry of inputs) {
		const { sender, numbers } = use(entry.input);
		const typed = typedSender(parameters.get<unknown>('sender', entry.itemIndex, ''));
		const error = check.problem(entry.itemIndex, sender, numbers, typed);
		if (error && !continueOnFail) throw error;
		if (error) outcomes.push({ items: entry.itemIndex, json: {}, error });
		else passed.push(entry);
	}
	check.finish();
	return { inputs: passed, outcomes };
}
