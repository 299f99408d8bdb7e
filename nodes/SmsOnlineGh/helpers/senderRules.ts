// The profile's (`POST /v5/auth`) sender rules, applied as the vendor's SDK (Zenoph.Notify, v5) applies
// them before sending; only what the profile says is held against a sender (docs/sender-check.md). Pure.

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

/** The shape of SenderRouting (nodes/shared/transport/endpoints/profile.ts). */
export interface SenderRules {
	defDestination?: { dialCode?: number; minNumLen?: number; maxNumLen?: number };
	routeFilters: SenderRoute[];
	senders: RegisteredSender[];
}

export interface SenderProblem {
	/** `unregistered`: status 2128 would follow; `numeric`: status 2127. */
	kind: 'unregistered' | 'numeric';
	number: string;
	route: SenderRoute;
}

/** The route the vendor SDK would read for the number. */
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

export function isRegistered(rules: SenderRules, sender: string, countryCode?: string): boolean {
	return rules.senders.some(
		(entry) =>
			(entry.caseSensitive ? entry.name === sender : entry.name.toLowerCase() === sender.toLowerCase()) &&
			(countryCode === undefined || entry.countryCodes.some((code) => code.toUpperCase() === countryCode.toUpperCase())),
	);
}

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

export type VoiceSenderProfile = SenderRules & { voiceSenders?: RegisteredSender[] };

const voiceRulesOf = new WeakMap<object, { rules: SenderRules; listed: boolean }>();

// The voice list is optional ("if explicitly assigned", vendor SDK): without one only the numeric rule applies.

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
