// Where an import specifier leads, by TypeScript's own module resolution with the project's tsconfig (the `@/*`
// alias, `moduleResolution: bundler`). One resolver for the two static checks that follow imports: the layer
// rules (eslint-plugin-boundaries loads this file as an `import/resolver`) and scripts/check-cycles.mjs.
// CommonJS because eslint-module-utils loads resolvers with require().
const path = require("node:path");
const ts = require("typescript");

/**
 * A resolver for the project rooted at `root` (the folder holding tsconfig.json).
 * @param {string} root
 * @returns {(source: string, fromFile: string) => string | null} the absolute path of the file `source` leads to
 *   from `fromFile` (a `.d.ts` inside node_modules for a package), or null when nothing resolves (a stylesheet,
 *   a missing file, a package without types)
 */
function createResolver(root) {
  const configFile = path.join(root, "tsconfig.json");
  const read = ts.readConfigFile(configFile, ts.sys.readFile);
  if (read.error) throw new Error(ts.flattenDiagnosticMessageText(read.error.messageText, "\n"));
  const { options } = ts.parseJsonConfigFileContent(read.config, ts.sys, root, undefined, configFile);
  const cache = ts.createModuleResolutionCache(root, (name) => name, options);
  return (source, fromFile) => {
    const { resolvedModule } = ts.resolveModuleName(source, fromFile, options, ts.sys, cache);
    return resolvedModule ? path.resolve(resolvedModule.resolvedFileName) : null;
  };
}

const resolvers = new Map();
/** The resolver of the project holding `file`'s nearest tsconfig.json, made once per project. */
function resolverFor(file) {
  const configFile = ts.findConfigFile(path.dirname(file), ts.sys.fileExists);
  const root = configFile ? path.dirname(configFile) : process.cwd();
  let resolver = resolvers.get(root);
  if (!resolver) {
    resolver = createResolver(root);
    resolvers.set(root, resolver);
  }
  return resolver;
}

module.exports = {
  createResolver,
  // The eslint-module-utils resolver interface (version 2).
  interfaceVersion: 2,
  /** @param {string} source @param {string} file */
  resolve(source, file) {
    const resolved = resolverFor(file)(source, file);
    return resolved === null ? { found: false } : { found: true, path: resolved };
  },
};
