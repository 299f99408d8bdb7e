// The house rules for tools/ (see eslint.house.config.mjs).
import { houseConfig } from '../eslint.house.config.mjs';

export default houseConfig();
