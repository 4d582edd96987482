// A custom-elements-manifest plugin: Lit's `static properties = { x: { state: true } }` is internal
// state with no attribute, but analyzer 0.11 lists it as an attribute. Remove those attributes.
export function litStatePlugin() {
  const states = []; // { className, name }
  return {
    name: 'bulkhead-lab: Lit internal state',
    analyzePhase({ ts, node }) {
      if (!ts.isClassDeclaration(node) || !node.name) return;
      for (const member of node.members) {
        const isStatic = member.modifiers?.some((m) => m.kind === ts.SyntaxKind.StaticKeyword);
        if (!isStatic || member.name?.getText() !== 'properties' || !member.initializer) continue;
        if (!ts.isObjectLiteralExpression(member.initializer)) continue;
        for (const property of member.initializer.properties) {
          if (!ts.isPropertyAssignment(property) || !ts.isObjectLiteralExpression(property.initializer)) continue;
          const isState = property.initializer.properties.some(
            (option) =>
              ts.isPropertyAssignment(option) &&
              option.name.getText() === 'state' &&
              option.initializer.kind === ts.SyntaxKind.TrueKeyword,
          );
          if (isState) states.push({ className: node.name.text, name: property.name.getText() });
        }
      }
    },
    packageLinkPhase({ customElementsManifest }) {
      for (const mod of customElementsManifest.modules) {
        for (const declaration of mod.declarations ?? []) {
          const internal = new Set(states.filter((s) => s.className === declaration.name).map((s) => s.name));
          if (internal.size === 0) continue;
          declaration.attributes = declaration.attributes?.filter((a) => !internal.has(a.fieldName ?? a.name));
          for (const member of declaration.members ?? []) if (internal.has(member.name)) delete member.attribute;
        }
      }
    },
  };
}
