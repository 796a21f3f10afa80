/**
 * Architecture rules (design §10), checked by `npm run lint:boundaries` inside `npm test`.
 * @type {import('dependency-cruiser').IConfiguration}
 */
module.exports = {
  forbidden: [
    {
      name: 'domain-is-pure',
      comment:
        'domain/ code imports only its own domain folder, the pure kernels (@gateway/domain, ' +
        '@gateway/fixed-instruments/domain) and immutable (persistent data structures, no I/O): ' +
        'no Nest, pg, Node I/O or other layers.',
      severity: 'error',
      from: { path: '^libs/([^/]+)/src/domain/', pathNot: '\\.spec\\.ts$' },
      to: {
        pathNot: [
          '^libs/$1/src/domain/',
          '^libs/domain/src/',
          '^libs/fixed-instruments/src/domain/',
          '^node_modules/immutable/',
        ],
      },
    },
    {
      name: 'kernel-is-pure',
      comment: 'The decider kernel is pure TypeScript.',
      severity: 'error',
      from: { path: '^libs/domain/src/', pathNot: '\\.spec\\.ts$' },
      to: { pathNot: '^libs/domain/src/' },
    },
    {
      name: 'libs-through-index',
      comment: 'A lib (context) is used by others only through its index.ts.',
      severity: 'error',
      from: { path: '^libs/([^/]+)/', pathNot: 'jest-global-(setup|teardown)\\.ts$' },
      // The fixed instruments kernel has a second, pure entry (`@gateway/fixed-instruments/domain`) for domain folders.
      to: {
        path: '^libs/[^/]+/src/.+',
        pathNot: ['^libs/$1/', '^libs/[^/]+/src/index\\.ts$', '^libs/fixed-instruments/src/domain/index\\.ts$'],
      },
    },
    {
      name: 'apps-use-libs-through-index',
      comment: 'Apps use libs only through their index.ts.',
      severity: 'error',
      from: { path: '^apps/' },
      to: { path: '^libs/[^/]+/src/.+', pathNot: '^libs/[^/]+/src/index\\.ts$' },
    },
    {
      name: 'libs-never-import-apps',
      severity: 'error',
      from: { path: '^libs/' },
      to: { path: '^apps/' },
    },
    {
      name: 'no-circular',
      comment: 'Import cycles make module initialisation order fragile.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^dist/' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
};
