// The house rules for simulator/ (see eslint.house.config.mjs).
import { houseConfig } from '../eslint.house.config.mjs';

export default houseConfig();
