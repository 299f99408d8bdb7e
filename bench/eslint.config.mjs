// The house rules for bench/ (see eslint.house.config.mjs); .work/ holds the runs' files.
import { houseConfig } from '../eslint.house.config.mjs';

export default houseConfig({ ignores: ['.work/**'] });
