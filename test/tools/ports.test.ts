import { launchPorts } from '../../tools/n8n/ports';

describe('npm start / npm run demo: ports chosen before the first install', () => {
	it('defaults: simulator 8025, n8n 5678, its task broker 5679', () => {
		expect(launchPorts({}, 5678)).toEqual({ sim: 8025, n8n: 5678, broker: 5679 });
	});

	it('SIM_PORT = N8N_PORT + 1: the broker takes the port after it, so nothing collides', () => {
		expect(launchPorts({ SIM_PORT: '5679', N8N_PORT: '5678' }, 5678)).toEqual({
			sim: 5679,
			n8n: 5678,
			broker: 5680,
		});
	});

	it('the same port for both, or a port that is not one: a clear error, before anything is installed', () => {
		expect(() => launchPorts({ SIM_PORT: '6000', N8N_PORT: '6000' }, 5678)).toThrow(
			'SIM_PORT and N8N_PORT are both 6000: give the simulator and n8n different ports',
		);
		expect(() => launchPorts({ SIM_PORT: 'abc' }, 5678)).toThrow(
			'SIM_PORT=abc is not a port: give a number from 1 to 65535',
		);
		expect(() => launchPorts({ N8N_PORT: '65535', SIM_PORT: '8025' }, 5678)).toThrow(
			/no port is left above N8N_PORT=65535/,
		);
	});
});
