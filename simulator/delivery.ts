/** One delivery run of the simulator (Simulator.deliverReports): reports posted to each batch's callback. */
import { postReport, refusal, reportAgent, reportFormat } from './callbacks';
import type { SmsService } from './service';
import type { CallbackTarget } from './store';
import type { DeliveryAttempt } from './types';

/** One report per destination that is final and not yet taken, batch by batch, in order. */
export async function deliverTargets(
	service: SmsService,
	targets: readonly CallbackTarget[],
	signal: AbortSignal,
	note: (attempt: Omit<DeliveryAttempt, 'seq'>) => void,
): Promise<number> {
	let posted = 0;
	for (const target of targets) {
		const url = target.callback.url;
		const format = reportFormat(target);
		const refused = refusal(url);
		if (refused) {
			note({ batch: target.batch, url, format, httpStatus: 0, posted: false, error: refused });
			continue;
		}
		const agent = reportAgent();
		try {
			for (const destination of service.pushable(target)) {
				if (signal.aborted) return posted;
				const body = service.reportBody(target, destination, format);
				const result = await postReport(
					url,
					service.reportContentType(format),
					body,
					agent,
					signal,
				);
				const ok = result.httpStatus >= 200 && result.httpStatus < 300;
				if (ok) {
					destination.pushed = true;
					posted++;
				}
				note({
					batch: target.batch,
					destinationId: destination.id,
					url,
					format,
					body,
					...result,
					posted: ok,
				});
			}
		} finally {
			agent.destroy();
		}
	}
	return posted;
}
