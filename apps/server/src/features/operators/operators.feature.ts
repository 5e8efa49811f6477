/** The central's operators, added and disabled by the administrator. Its manifest (lib/feature.ts). */
import { defineFeature } from '../../lib/feature.ts';
import { operatorCommands } from './operators.admin.ts';

export const operatorsFeature = defineFeature({
  name: 'operators',
  admin: operatorCommands,
});
