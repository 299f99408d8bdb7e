// The house rules for test/ (see eslint.house.config.mjs), with jest's globals and no limit on
// a function's length: a describe block is a list of cases.
import { houseConfig } from '../eslint.house.config.mjs';

export default houseConfig({ tests: true });
