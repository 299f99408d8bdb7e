// The workflow tests' simulator (test/node/fixtures.ts) speaks as the contract describes the service.
process.env.SIM_DIALECT = 'contract';
process.env.SIM_TEMPLATES = 'distinct';
