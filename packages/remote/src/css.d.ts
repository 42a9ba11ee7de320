// A stylesheet is imported for its side effect and bundled by rsbuild; TypeScript 6+ checks
// side-effect imports (noUncheckedSideEffectImports), so it needs to know the kind exists.
declare module '*.css'
