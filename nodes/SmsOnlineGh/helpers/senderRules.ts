// The profile's (`POST /v5/auth`) sender rules, applied as the vendor's SDK (Zenoph.Notify, v5) applies
// them before sending; only what the profile says is held against a sender (docs/sender-check.md). Pure.
import type {
	ProfileSender,
	SenderRoute,
	SenderRouting,
} from '../../shared/transport/endpoints/profile';

export type RegisteredSender = ProfileSender;

/** The profile's routing with the senders of one kind (SMS or voice). */
export interface SenderRules extends SenderRouting {
	senders: readonly RegisteredSender[];
}

export interface SenderProblem {
	/** `unregistered`: status 2128 would follow; `numeric`: status 2127. */
	kind: 'unregistered' | 'numeric';
	number: string;
	route: SenderRoute;
}

/** The route the vendor SDK would read for the number. */
export function routeOf(rules: SenderRouting, digits: string): SenderRoute | undefined {
	let national = digits.startsWith('0') ? digits.slice(1) : digits;
	const { dialCode, minLength, maxLength } = rules.home ?? {};
	const nationalLength =
		minLength !== undefined &&
		maxLength !== undefined &&
		national.length >= minLength &&
		national.length <= maxLength;
	// A 0… number is local whatever the profile's lengths (the service's documented local form).
	if (dialCode !== undefined && (nationalLength || digits.startsWith('0')))
		national = `${dialCode}${national}`;
	else national = digits;
	let best: SenderRoute | undefined;
	for (const route of rules.routes) {
		if (route.dialCode === undefined) continue;
		const code = String(route.dialCode);
		if (national.startsWith(code) && (!best || code.length > String(best.dialCode).length))
			best = route;
	}
	return best;
}

export function isNumericSender(sender: string): boolean {
	return /^\+?\d+$/.test(sender);
}

export function isRegistered(rules: SenderRules, sender: string, countryCode?: string): boolean {
	return rules.senders.some(
		(entry) =>
			(entry.caseSensitive
				? entry.name === sender
				: entry.name.toLowerCase() === sender.toLowerCase()) &&
			(countryCode === undefined ||
				entry.countryCodes.some((code) => code.toUpperCase() === countryCode.toUpperCase())),
	);
}

export function senderProblem(
	rules: SenderRules,
	sender: string,
	numbers: Iterable<string>,
): SenderProblem | undefined {
	const seen = new Set<SenderRoute>();
	for (const number of numbers) {
		const route = routeOf(rules, number);
		if (!route || seen.has(route)) continue;
		seen.add(route);
		if (route.numericSenderAllowed === false && isNumericSender(sender))
			return { kind: 'numeric', number, route };
		if (route.senderMustBeRegistered === true && !isRegistered(rules, sender, route.countryCode)) {
			return { kind: 'unregistered', number, route };
		}
	}
	return undefined;
}

/** What the rules read of the profile (Profile): its routing and its two lists of senders. */
export interface SenderProfile {
	senderRouting: SenderRouting;
	senders: readonly RegisteredSender[];
	voiceSenders: readonly RegisteredSender[];
}

// Per kept profile, so that a run on a kept profile builds neither again.
const smsRulesOf = new WeakMap<SenderProfile, SenderRules>();
const voiceRulesOf = new WeakMap<SenderProfile, { rules: SenderRules; listed: boolean }>();

export function smsSenderRules(profile: SenderProfile): SenderRules {
	let rules = smsRulesOf.get(profile);
	if (!rules) {
		rules = { ...profile.senderRouting, senders: profile.senders };
		smsRulesOf.set(profile, rules);
	}
	return rules;
}

// The voice list is optional ("if explicitly assigned", vendor SDK): without one only the numeric rule applies.

export function voiceSenderRules(profile: SenderProfile): { rules: SenderRules; listed: boolean } {
	const known = voiceRulesOf.get(profile);
	if (known) return known;
	const { senderRouting, voiceSenders } = profile;
	const result =
		voiceSenders.length > 0
			? { rules: { ...senderRouting, senders: voiceSenders }, listed: true }
			: {
					rules: {
						...senderRouting,
						senders: [],
						routes: senderRouting.routes.map((route) => ({
							...route,
							senderMustBeRegistered: undefined,
						})),
					},
					listed: false,
				};
	voiceRulesOf.set(profile, result);
	return result;
}
