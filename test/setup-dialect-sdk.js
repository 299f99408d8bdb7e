// The workflow tests' simulator (test/node/fixtures.ts) speaks as the vendor's SDK shows the service.
process.env.SIM_DIALECT = 'sdk';
process.env.SIM_TEMPLATES = 'occurrence';
