/**
 * The sender check before sending: the account's profile (`POST /v5/auth`) says for which countries
 * a sender must be registered and where an all-digit sender is refused (see helpers/senderRules.ts).
 * An item whose sender breaks those rules for one of its numbers would have every number rejected
 * (status 2128 or 2127): it becomes an error naming the item and the Sender field, and nothing of it
 * is sent; with Continue On Fail the other items still go.
 *
 * Why it is on by default and what it costs: a wrong sender costs no credit, but the user learns it
 * only from the output, item by item, after the run "succeeded"; a typo in a typed sender is the
 * commonest way to get there. The check costs one profile request per run of the node, whatever
 * the number of items and requests (the profile is read once and kept for that run), and it reads
 * only, so Dry Run makes it too. If the profile cannot be read the messages go out unchecked (the
 * service still refuses a wrong sender) and the run says so in a hint: a check that only helps
 * must not stop a send the service would take. The option Check Sender turns it off.
 */
import type { IExecuteFunctions } from 'n8n-workflow';

import type { SenderProblem, SenderRules } from '../../helpers/senderRules';
import { isRegistered, senderProblem } from '../../helpers/senderRules';
import type { TransportOptions } from '../../transport';
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

function problemError(ctx: IExecuteFunctions, itemIndex: number, sender: string, problem: SenderProblem, rules: SenderRules) {
	const off = 'To send anyway, turn off the Check Sender option.';
	if (problem.kind === 'numeric') {
		return itemError(
			ctx,
			itemIndex,
			'Sender',
			`"${sender}" is all digits, which the service does not allow for ${countryOf(problem)} (number ${problem.number}): use a sender name with letters`,
			`The service would reject every number of this message (status 2127, numeric sender). Nothing was sent. Use a sender name with letters. ${listed(rules)} ${off}`,
		);
	}
	return itemError(
		ctx,
		itemIndex,
		'Sender',
		`"${sender}" is not registered on your account for ${countryOf(problem)} (number ${problem.number}): pick a sender registered there from the list`,
		`The service would reject every number of this message (status 2128, sender not registered). Nothing was sent. Pick a sender from the list, or register this one for ${problem.route.countryCode} in the SMS Messaging menu of your SMSOnlineGH account. ${listed(rules)} ${off}`,
	);
}

/** Whether the item's sender was typed (By Name, an expression, or plain text saved by an earlier version). */
function typedSender(parameters: ItemParameters, itemIndex: number): boolean {
	const raw = parameters.get<unknown>('sender', itemIndex, '');
	return !(typeof raw === 'object' && raw !== null && (raw as { mode?: unknown }).mode === 'list');
}

/**
 * Checks each item's sender against the profile. Returns the items that may go and, with Continue
 * On Fail, an error outcome for each item that may not; without it, the first such item throws
 * before anything is sent.
 */
export async function checkSenders<T>(
	ctx: IExecuteFunctions,
	parameters: ItemParameters,
	inputs: Array<ItemInput<T>>,
	use: (input: T) => SenderUse,
	transport: TransportOptions,
): Promise<{ inputs: Array<ItemInput<T>>; outcomes: Outcome[] }> {
	if (parameters.get<CheckOptions>('options', 0, {}).checkSender === false) return { inputs, outcomes: [] };
	const call = await callService(ctx, { path: PROFILE_PATH, reader: profileReader, readOnly: true }, transport);
	if (!call.ok) {
		ctx.addExecutionHints({
			message: `The sender was not checked against the account’s profile (${call.failure.message}); the messages went out unchecked.`,
			type: 'warning',
			location: 'outputPane',
		});
		return { inputs, outcomes: [] };
	}
	const rules = call.value;
	const continueOnFail = ctx.continueOnFail();
	const passed: Array<ItemInput<T>> = [];
	const outcomes: Outcome[] = [];
	const unlisted = new Set<string>();
	for (const entry of inputs) {
		const { sender, numbers } = use(entry.input);
		const problem = senderProblem(rules, sender, numbers);
		if (problem) {
			const error = problemError(ctx, entry.itemIndex, sender, problem, rules);
			if (!continueOnFail) throw error;
			outcomes.push({ items: entry.itemIndex, json: {}, error });
			continue;
		}
		if (typedSender(parameters, entry.itemIndex) && !isRegistered(rules, sender)) unlisted.add(sender);
		passed.push(entry);
	}
	for (const sender of unlisted) {
		ctx.addExecutionHints({
			message: `Sender "${sender}" is not one of the senders registered on the account. The service may reject its messages (status 2128): check the output’s verdicts, or pick the sender from the list.`,
			type: 'warning',
			location: 'outputPane',
		});
	}
	return { inputs: passed, outcomes };
}
