/**
 * What the account's profile (`POST /v5/auth`) says of a sender for the countries it is sent to,
 * read as the vendor's SDK (Zenoph.Notify, v5) applies it before sending:
 * - a route filter with `registerSender=true`: the sender must be listed among the account's SMS
 *   senders with the destination's country code (names compared exactly when the sender is
 *   `caseSensitive`, ignoring case otherwise); the service refuses it with status 2128;
 * - a route filter with `numericSenderAllowed=false`: an all-digit sender (`^\+?\d+$`, the SDK's
 *   rule) is refused for that country (status 2127).
 * The destination's country is the route whose dial code begins the number in international form;
 * a national number (its leading 0 removed, of the home country's national length) takes the
 * profile's default dial code first, as the SDK formats numbers.
 *
 * Only what the profile says is applied: a route that does not set a flag, or a number no route's
 * dial code begins, is never held against the sender (the service still decides).
 *
 * No n8n imports here: this module is pure.
 */

export interface SenderRoute {
	countryCode: string;
	countryName?: string;
	dialCode?: number;
	registerSender?: boolean;
	numericSenderAllowed?: boolean;
}

export interface RegisteredSender {
	name: string;
	caseSensitive: boolean;
	countryCodes: string[];
}

/** The parts of the profile the rules read (the transport's WireProfile has this shape). */
export interface SenderRules {
	defDestination?: { dialCode?: number; minNumLen?: number; maxNumLen?: number };
	routeFilters: SenderRoute[];
	senders: RegisteredSender[];
}

export interface SenderProblem {
	/** `unregistered`: status 2128 would follow; `numeric`: status 2127. */
	kind: 'unregistered' | 'numeric';
	/** The number that met the rule (the first one, as given to the service). */
	number: string;
	route: SenderRoute;
}

/** The route the SDK would read for the number, or undefined when the profile has none for it. */
export function routeOf(rules: SenderRules, digits: string): SenderRoute | undefined {
	const home = rules.defDestination;
	let national = digits.startsWith('0') ? digits.slice(1) : digits;
	const { dialCode, minNumLen, maxNumLen } = home ?? {};
	const nationalLength =
		minNumLen !== undefined && maxNumLen !== undefined && national.length >= minNumLen && national.length <= maxNumLen;
	// A 0… number is local whatever the profile's lengths (the service's documented local form).
	if (dialCode !== undefined && (nationalLength || digits.startsWith('0'))) national = `${dialCode}${national}`;
	else national = digits;
	let best: SenderRoute | undefined;
	for (const route of rules.routeFilters) {
		if (route.dialCode === undefined) continue;
		const code = String(route.dialCode);
		if (national.startsWith(code) && (!best || code.length > String(best.dialCode).length)) best = route;
	}
	return best;
}

export function isNumericSender(sender: string): boolean {
	return /^\+?\d+$/.test(sender);
}

/** Whether the profile lists the sender (by the sender's own case rule), for a country or any. */
export function isRegistered(rules: SenderRules, sender: string, countryCode?: string): boolean {
	return rules.senders.some(
		(entry) =>
			(entry.caseSensitive ? entry.name === sender : entry.name.toLowerCase() === sender.toLowerCase()) &&
			(countryCode === undefined || entry.countryCodes.some((code) => code.toUpperCase() === countryCode.toUpperCase())),
	);
}

/** The first rule of the profile the sender breaks for one of the numbers, if any. */
export function senderProblem(rules: SenderRules, sender: string, numbers: Iterable<string>): SenderProblem | undefined {
	const seen = new Set<SenderRoute>();
	for (const number of numbers) {
		const route = routeOf(rules, number);
		if (!route || seen.has(route)) continue;
		seen.add(route);
		if (route.numericSenderAllowed === false && isNumericSender(sender)) return { kind: 'numeric', number, route };
		if (route.registerSender === true && !isRegistered(rules, sender, route.countryCode)) {
			return { kind: 'unregistered', number, route };
		}
	}
	return undefined;
}

/** A profile with its voice senders (`messageSenders/voice`), when the account has any listed. */
export type VoiceSenderProfile = SenderRules & { voiceSenders?: RegisteredSender[] };

const voiceRulesOf = new WeakMap<object, { rules: SenderRules; listed: boolean }>();

/**
 * The rules a voice sender is checked by: the same routes, against the account's voice senders
 * (the vendor's SDK looks senders up under the message's category). The voice list is optional,
 * present "if explicitly assigned" (the vendor's SDK for voice); the SDK would then refuse every voice
 * sender where a route needs a registered one. The node does not: with no voice list it holds
 * only the numeric rule against the sender (`listed` false), and the run says in a hint that the
 * sender went unchecked, since an account without a list may still have its voice sender allowed.
 */
export function voiceSenderRules(profile: VoiceSenderProfile): { rules: SenderRules; listed: boolean } {
	const known = voiceRulesOf.get(profile);
	if (known) return known;
	const voiceSenders = profile.voiceSenders;
	const result =
		voiceSenders && voiceSenders.length > 0
			? { rules: { ...profile, senders: voiceSenders }, listed: true }
			: {
					rules: { ...profile, senders: [], routeFilters: profile.routeFilters.map((route) => ({ ...route, registerSender: undefined })) },
					listed: false,
				};
	voiceRulesOf.set(profile, result);
	return result;
}
