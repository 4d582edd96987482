// A custom-elements-manifest plugin: the `policy` attribute's type and description list every
// policy, read from the model's POLICIES, so the JSDoc (`@attr {Policy} policy - … \`POLICIES\`.`)
// names none and a new policy needs no edit to any element's documentation. Editors offer the
// values of the type's union. The analyzer runs under tsx (`npm run manifest`) to import them.
import { POLICIES } from '../../src/sim/config.ts';

const code = (name) => `\`${name}\``;

export function policyValuesPlugin() {
  const union = POLICIES.map((name) => `'${name}'`).join(' | ');
  const listed = `${POLICIES.slice(0, -1).map(code).join(', ')} or ${code(POLICIES.at(-1))}`;
  return {
    name: 'bulkhead-lab: policy values',
    packageLinkPhase({ customElementsManifest }) {
      for (const mod of customElementsManifest.modules)
        for (const declaration of mod.declarations ?? [])
          for (const attribute of declaration.attributes ?? []) {
            if (attribute.type?.text !== 'Policy') continue;
            attribute.type = { text: union };
            attribute.description = attribute.description?.replace('`POLICIES`', listed);
          }
    },
  };
}
