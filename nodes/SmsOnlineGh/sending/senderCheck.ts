// A sender the profile says the service would refuse (2128, 2127) fails its item before anything goes out.
// Why it is on by default, and what it costs: docs/sender-check.md.
import type { IExecuteFunctions, NodeApiError, NodeOperationError } from 'n8n-workflow';

import type { Profile } from '../../shared/transport/endpoints/profile';
import type { TransportFailure } from '../../shared/transport/failure';
import type { TransportOptions } from '../../shared/transport/service';
import type { SenderProblem, SenderRules } from '../helpers/senderRules';
import {
	isRegistered,
	senderProblem,
	smsSenderRules,
	voiceSenderRules,
} from '../helpers/senderRules';
import { itemError } from '../items/itemErrors';
import type { ItemInput, Outcome } from '../items/operation';
import type { ItemParameters } from '../items/parameters';
import { profileForCheck, readProfile } from '../account/profileCache';
import type { Recipient } from './message';

/** A voice sender is checked against the voice senders, an empty one never. */
export interface SenderUse {
	sender: string;
	numbers: string[];
	voice?: boolean;
	/** Told on their items when the sender goes out unchecked (`senderUnchecked`). */
	recipients: Recipient[];
}

interface CheckOptions {
	checkSender?: boolean;
}

function countryOf(problem: SenderProblem): string {
	const { countryName, countryCode } = problem.route;
	return countryName ? `${countryName} (${countryCode})` : countryCode;
}

function listed(rules: SenderRules, voice = false): string {
	const names = [...new Set(rules.senders.map((s) => s.name))];
	const what = voice ? 'Voice senders' : 'Senders';
	return names.length > 0
		? `${what} registered on the account: ${names.join(', ')}.`
		: `The account has no registered ${what.toLowerCase()}.`;
}

function problemError(
	ctx: IExecuteFunctions,
	itemIndex: number,
	sender: string,
	problem: SenderProblem,
	rules: SenderRules,
	nothingDone: string,
	voice = false,
): NodeOperationError {
	const off = 'To go ahead anyway, turn off the Check Sender option.';
	if (problem.kind === 'numeric') {
		return itemError(
			ctx,
			itemIndex,
			'Sender',
			`"${sender}" is all digits, which the service does not allow for ${countryOf(problem)} (number ${problem.number}): use a sender name with letters`,
			`The service would reject every number of this message (status 2127, numeric sender). ${nothingDone} Use a sender name with letters. ${listed(rules, voice)} ${off}`,
		);
	}
	if (voice) {
		return itemError(
			ctx,
			itemIndex,
			'Sender',
			`"${sender}" is not a voice sender of your account for ${countryOf(problem)} (number ${problem.number}): use one of the account's voice senders, or leave Sender empty`,
			`The service would reject every number of this message (status 2128, sender not registered). ${nothingDone} ${listed(rules, true)} Voice senders are assigned to the account by SMSOnlineGH. ${off}`,
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

/** Typed: By Name, an expression, or plain text saved by an earlier version. */
export function typedSender(raw: unknown): boolean {
	return !(typeof raw === 'object' && raw !== null && (raw as { mode?: unknown }).mode === 'list');
}

export interface CheckWording {
	unchecked: string;
	nothingDone: string;
}

type SenderVerdict = NodeOperationError | NodeApiError | undefined;

export interface SenderCheck {
	// A promise only when a kept profile must be read again before refusing: an await per item costs n8n's
	// async hooks on a long list.
	problem(
		itemIndex: number,
		sender: string,
		numbers: readonly string[],
		typed: boolean,
		voice?: boolean,
	): SenderVerdict | Promise<SenderVerdict>;
	/** Each sender sent without a verdict, and why (for its items). */
	finish(): Promise<Map<string, string>>;
}

export function senderCheckEnabled(parameters: ItemParameters): boolean {
	return parameters.get<CheckOptions>('options', 0, {}).checkSender !== false;
}

/** A refusal of the request itself (11xx headers, 12xx credential or API access) awaits the send too. */
function refusesEveryRequest(failure: TransportFailure): boolean {
	const id = failure.handshake?.id;
	return failure.certainty === 'refused' && id !== undefined && id >= 1100 && id < 1300;
}

export interface CheckRefused {
	refused: (itemIndex: number) => NodeApiError;
}

function refusal(
	ctx: IExecuteFunctions,
	failure: TransportFailure,
	wording: CheckWording,
): CheckRefused {
	return {
		refused: (itemIndex) =>
			failure.toNodeApiError(ctx.getNode(), {
				description: `${failure.description} ${wording.nothingDone} The account's profile, read to check the sender, was refused, and every request of this run would be refused the same way.`,
				itemIndex,
			}),
	};
}

// `stale` while the rules come from the cache: a refusal reads them again first (a failed read leaves the
// kept rules standing, under ten minutes old).
class RunRules {
	private reread: Promise<CheckRefused | undefined> | undefined;

	constructor(
		private readonly ctx: IExecuteFunctions,
		private readonly transport: TransportOptions,
		private readonly wording: CheckWording,
		private readonly key: string,
		public profile: Profile,
		private stale: boolean,
	) {}

	async confirm(): Promise<CheckRefused | undefined> {
		if (!this.stale) return undefined;
		this.reread ??= readProfile(this.ctx, this.transport, this.key).then((again) => {
			this.stale = false;
			if (again.ok) this.profile = again.value;
			else if (refusesEveryRequest(again.failure))
				return refusal(this.ctx, again.failure, this.wording);
			return undefined;
		});
		return await this.reread;
	}

	get fromCache(): boolean {
		return this.stale;
	}
}

function unchecked(
	ctx: IExecuteFunctions,
	failure: TransportFailure,
	wording: CheckWording,
): { unchecked: string } {
	ctx.addExecutionHints({
		message: `The sender was not checked against the account’s profile (${failure.message}); ${wording.unchecked} went out unchecked.`,
		type: 'warning',
		location: 'outputPane',
	});
	return {
		unchecked: `the account’s profile could not be read (${failure.message}), so the sender was not checked`,
	};
}

const UNLISTED =
	'not one of the senders registered on the account: the service may reject it (status 2128)';
const NO_VOICE_SENDERS =
	'the account’s profile lists no voice senders, so the voice sender was not checked';

/** Undefined: the profile could not be read, the hint says so. */
export async function startSenderCheck(
	ctx: IExecuteFunctions,
	transport: TransportOptions,
	wording: CheckWording,
): Promise<SenderCheck | CheckRefused | undefined> {
	const check = await openSenderCheck(ctx, transport, wording);
	return 'unchecked' in check ? undefined : check;
}

async function openSenderCheck(
	ctx: IExecuteFunctions,
	transport: TransportOptions,
	wording: CheckWording,
): Promise<SenderCheck | CheckRefused | { unchecked: string }> {
	const { result, key, fromCache } = await profileForCheck(ctx, transport);
	if (!result.ok && refusesEveryRequest(result.failure))
		return refusal(ctx, result.failure, wording);
	if (!result.ok) return unchecked(ctx, result.failure, wording);
	const run = new RunRules(ctx, transport, wording, key, result.value, fromCache);
	const unlisted = new Set<string>();
	const voiceUnchecked = new Set<string>();
	let refusedBy: CheckRefused | undefined;
	const rulesFor = (voice: boolean) =>
		voice ? voiceSenderRules(run.profile).rules : smsSenderRules(run.profile);
	return {
		problem(itemIndex, sender, numbers, typed, voice = false) {
			if (refusedBy) return refusedBy.refused(itemIndex);
			const verdict = (problem: SenderProblem | undefined): SenderVerdict => {
				if (problem)
					return problemError(
						ctx,
						itemIndex,
						sender,
						problem,
						rulesFor(voice),
						wording.nothingDone,
						voice,
					);
				if (voice && !voiceSenderRules(run.profile).listed) voiceUnchecked.add(sender);
				else if (typed && !isRegistered(rulesFor(voice), sender)) unlisted.add(sender);
				return undefined;
			};
			const problem = senderProblem(rulesFor(voice), sender, numbers);
			if (!problem || !run.fromCache) return verdict(problem);
			return run.confirm().then((refused) => {
				refusedBy = refused;
				return refused
					? refused.refused(itemIndex)
					: verdict(senderProblem(rulesFor(voice), sender, numbers));
			});
		},
		async finish() {
			hintVoiceUnchecked(ctx, voiceUnchecked);
			const why = new Map([...voiceUnchecked].map((sender) => [sender, NO_VOICE_SENDERS]));
			// A hint is not given on a kept profile's word either: it may predate the sender.
			if (unlisted.size > 0 && !refusedBy && (await run.confirm())) return why;
			for (const sender of unlisted) {
				if (isRegistered(smsSenderRules(run.profile), sender)) continue;
				why.set(sender, `"${sender}" is ${UNLISTED}`);
				ctx.addExecutionHints({
					message: `Sender "${sender}" is not one of the senders registered on the account. The service may reject its messages (status 2128): check the output’s verdicts, or pick the sender from the list.`,
					type: 'warning',
					location: 'outputPane',
				});
			}
			return why;
		},
	};
}

/** The profile lists no voice senders, so it cannot judge them. */
function hintVoiceUnchecked(ctx: IExecuteFunctions, senders: Set<string>): void {
	if (senders.size === 0) return;
	ctx.addExecutionHints({
		message: `The account’s profile lists no voice senders, so the voice sender ${[...senders].map((s) => `"${s}"`).join(', ')} was not checked: the service may reject its messages (status 2128). Check the output’s verdicts, or leave Sender empty.`,
		type: 'warning',
		location: 'outputPane',
	});
}

const SEND_WORDING: CheckWording = { unchecked: 'the messages', nothingDone: 'Nothing was sent.' };

/** Each item sent without a verdict on its sender says so, and why (docs/sender-check.md). */
function markUnchecked<T>(
	passed: Array<ItemInput<T>>,
	use: (input: T) => SenderUse,
	why: (sender: string) => string | undefined,
): void {
	for (const { input } of passed) {
		const { sender, recipients } = use(input);
		const reason = sender === '' ? undefined : why(sender);
		if (reason !== undefined)
			for (const recipient of recipients) recipient.senderUnchecked = reason;
	}
}

export async function checkSenders<T>(
	ctx: IExecuteFunctions,
	parameters: ItemParameters,
	inputs: Array<ItemInput<T>>,
	use: (input: T) => SenderUse,
	transport: TransportOptions,
): Promise<{ inputs: Array<ItemInput<T>>; outcomes: Outcome[] }> {
	if (!senderCheckEnabled(parameters)) return { inputs, outcomes: [] };
	const check = await openSenderCheck(ctx, transport, SEND_WORDING);
	if ('unchecked' in check) {
		markUnchecked(inputs, use, () => check.unchecked);
		return { inputs, outcomes: [] };
	}
	const continueOnFail = ctx.continueOnFail();
	if ('refused' in check) {
		if (!continueOnFail) throw check.refused(inputs[0].itemIndex);
		return {
			inputs: [],
			outcomes: inputs.map(({ itemIndex }) => ({
				items: itemIndex,
				json: {},
				error: check.refused(itemIndex),
			})),
		};
	}
	const passed: Array<ItemInput<T>> = [];
	const outcomes: Outcome[] = [];
	for (const entry of inputs) {
		const { sender, numbers, voice } = use(entry.input);
		if (sender === '') {
			passed.push(entry);
			continue;
		}
		const typed = typedSender(parameters.get<unknown>('sender', entry.itemIndex, ''));
		const found = check.problem(entry.itemIndex, sender, numbers, typed, voice);
		const error = found instanceof Promise ? await found : found;
		if (error && !continueOnFail) throw error;
		if (error) outcomes.push({ items: entry.itemIndex, json: {}, error });
		else passed.push(entry);
	}
	const why = await check.finish();
	if (why.size > 0) markUnchecked(passed, use, (sender) => why.get(sender));
	return { inputs: passed, outcomes };
}
