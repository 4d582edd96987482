// A custom-elements-manifest plugin for this project's registration helper. Every define.ts calls
// `define('outcome-gate', OutcomeGate)` (a guarded wrapper around customElements.define), which the
// analyzer does not recognise: it records the wrapper's own `customElements.define(tag, element)`
// instead. This plugin reads the helper calls, marks each class as a custom element with its tag,
// and drops the wrapper's meaningless definition.
export function defineCallsPlugin() {
  const calls = []; // { tag, className, modulePath }
  return {
    name: 'bulkhead-lab: define() calls',
    analyzePhase({ ts, node, moduleDoc }) {
      if (!ts.isCallExpression(node) || !ts.isIdentifier(node.expression) || node.expression.text !== 'define') return;
      const [tag, element] = node.arguments;
      if (!tag || !ts.isStringLiteral(tag) || !element || !ts.isIdentifier(element)) return;
      calls.push({ tag: tag.text, className: element.text, modulePath: moduleDoc.path });
    },
    packageLinkPhase({ customElementsManifest }) {
      const { modules } = customElementsManifest;
      for (const mod of modules) {
        mod.exports = mod.exports?.filter((e) => !(e.kind === 'custom-element-definition' && e.name === 'tag'));
      }
      for (const { tag, className, modulePath } of calls) {
        const owners = modules.filter((mod) =>
          mod.declarations?.some((d) => d.kind === 'class' && d.name === className),
        );
        if (owners.length !== 1)
          throw new Error(`define('${tag}', ${className}): found ${owners.length} classes named ${className}`);
        const declaration = owners[0].declarations.find((d) => d.name === className);
        Object.assign(declaration, { tagName: tag, customElement: true });
        const defining = modules.find((mod) => mod.path === modulePath);
        defining.exports ??= [];
        if (!defining.exports.some((e) => e.kind === 'custom-element-definition' && e.name === tag)) {
          defining.exports.push({
            kind: 'custom-element-definition',
            name: tag,
            declaration: { name: className, module: owners[0].path },
          });
        }
      }
    },
  };
}
