import 'reflect-metadata';
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import * as ts from 'typescript';

/**
 * Module wiring grouped by role (issue 22, item 6): a module file declares its providers in named
 * groups above `@Module` (commandHandlers, queryHandlers, projections, followers, jobs,
 * callbackRenderers, auditedResources, services, ...), and `providers:` is built only from them. Two
 * forms: `const providers = providersByRole({ commandHandlers: [...], ... })` (each group documented on
 * the ProvidersByRole interface of @gateway/runtime) with `@Module({ providers })`, or `const` groups,
 * each with a doc comment, spread into `providers: [...]`. What a provider IS decides its group, read
 * from its decorators.
 */

type Role = 'command' | 'query' | 'projection' | 'events' | 'job' | 'renderer' | 'audited';

/** The group each role must sit in; a group named here holds nothing else. */
const GROUPS_OF_ROLE: Record<Role, readonly string[]> = {
  command: ['commandHandlers'],
  query: ['queryHandlers'],
  // A subscription with tables is a projection; one without (it reacts) a follower.
  projection: ['projections', 'followers'],
  events: ['followers'],
  job: ['jobs'],
  renderer: ['callbackRenderers'],
  audited: ['auditedResources'],
};
const ROLE_GROUPS = new Set(Object.values(GROUPS_OF_ROLE).flat());

/** What a provider class is, from the metadata its decorators leave. */
function roleOfClass(value: unknown): Role | undefined {
  if (typeof value !== 'function') return undefined;
  const keys = Reflect.getMetadataKeys(value) as (string | symbol)[];
  const has = (key: string): boolean => keys.some((k) => (typeof k === 'symbol' ? k.description === key : k === key));
  if (has('__commandHandler__')) return 'command'; // @CommandHandler (@nestjs/cqrs)
  if (has('__queryHandler__')) return 'query'; // @QueryHandler
  if (has('__eventsHandler__')) return 'events'; // @EventsHandler
  if (has('gateway:scheduled-job')) return 'job'; // @HandlesScheduledJob
  if (has('gateway:projection')) return 'projection'; // @ReadModelProjection
  if (has('gateway:callback-renderer')) return 'renderer'; // @RendersCallbacks
  if (has('gateway:audited-resources')) return 'audited'; // @AuditsResources
  return undefined;
}

interface ModuleLayout {
  /** Top-level `const x = [...]` arrays: name → element texts (identifiers, `...spread`, objects). */
  groups: Map<string, string[]>;
  /** Names spread into `providers:`. */
  providerGroups: string[];
  problems: string[];
}

/** Reads a module file's groups and its `@Module({ providers })`; undefined if it declares none. */
function readLayout(source: string, file = 'module.ts'): ModuleLayout | undefined {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.ES2022, true);
  const groups = new Map<string, string[]>();
  const problems: string[] = [];
  let providers: ts.Expression | undefined;
  /** The `const` built by `providersByRole({ group: [...] })`, with its groups in order. */
  const byRole = new Map<string, string[]>();
  for (const statement of sf.statements) {
    if (ts.isVariableStatement(statement)) {
      for (const decl of statement.declarationList.declarations) {
        const init = decl.initializer;
        if (ts.isIdentifier(decl.name) && init && isProvidersByRoleCall(init, sf)) {
          byRole.set(decl.name.text, readRoleGroups(init, sf, groups, problems));
          continue;
        }
        if (!ts.isIdentifier(decl.name) || !init || !ts.isArrayLiteralExpression(init)) continue;
        groups.set(
          decl.name.text,
          init.elements.map((el) => el.getText(sf)),
        );
        const doc = ts.getLeadingCommentRanges(source, statement.getFullStart()) ?? [];
        if (!doc.some((range) => source.slice(range.pos, range.pos + 3) === '/**')) {
          problems.push(`group ${decl.name.text} has no /** comment */ saying what it holds`);
        }
      }
    }
    if (ts.isClassDeclaration(statement)) {
      for (const decorator of ts.getDecorators(statement) ?? []) {
        const call = decorator.expression;
        if (!ts.isCallExpression(call) || call.expression.getText(sf) !== 'Module') continue;
        const arg = call.arguments[0];
        if (!arg || !ts.isObjectLiteralExpression(arg)) continue;
        for (const prop of arg.properties) {
          if (ts.isPropertyAssignment(prop) && prop.name.getText(sf) === 'providers') providers = prop.initializer;
          if (ts.isShorthandPropertyAssignment(prop) && prop.name.text === 'providers') providers = prop.name;
        }
      }
    }
  }
  if (!providers) return undefined;
  const providerGroups: string[] = [];
  if (ts.isIdentifier(providers) && byRole.has(providers.text)) {
    providerGroups.push(...byRole.get(providers.text)!);
  } else if (isProvidersByRoleCall(providers, sf)) {
    providerGroups.push(...readRoleGroups(providers, sf, groups, problems));
  } else if (!ts.isArrayLiteralExpression(providers)) {
    problems.push(`providers is not an array of groups: ${providers.getText(sf)}`);
  } else {
    for (const el of providers.elements) {
      if (ts.isSpreadElement(el) && ts.isIdentifier(el.expression) && groups.has(el.expression.text)) {
        providerGroups.push(el.expression.text);
      } else {
        problems.push(`providers lists ${el.getText(sf)} directly: put it in a named group`);
      }
    }
  }
  return { groups, providerGroups, problems };
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** The groups the ProvidersByRole interface (@gateway/runtime) declares, each with a doc comment on what it holds. */
function documentedRoleGroups(): Set<string> {
  const file = join(ROOT, 'libs/runtime/src/nest/providers-by-role.ts');
  const source = readFileSync(file, 'utf8');
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.ES2022, true);
  const documented = new Set<string>();
  for (const statement of sf.statements) {
    if (!ts.isInterfaceDeclaration(statement) || statement.name.text !== 'ProvidersByRole') continue;
    for (const member of statement.members) {
      const doc = ts.getLeadingCommentRanges(source, member.getFullStart()) ?? [];
      if (member.name && doc.some((range) => source.slice(range.pos, range.pos + 3) === '/**')) {
        documented.add(member.name.getText(sf));
      }
    }
  }
  return documented;
}

/** Whether an expression is `providersByRole({ ... })`. */
function isProvidersByRoleCall(node: ts.Expression, sf: ts.SourceFile): node is ts.CallExpression {
  return ts.isCallExpression(node) && node.expression.getText(sf) === 'providersByRole';
}

/** The groups of a `providersByRole({ group: [...] })` call, each an array literal; returns their names. */
function readRoleGroups(
  call: ts.CallExpression,
  sf: ts.SourceFile,
  groups: Map<string, string[]>,
  problems: string[],
): string[] {
  const arg = call.arguments[0];
  if (call.arguments.length !== 1 || !arg || !ts.isObjectLiteralExpression(arg)) {
    problems.push(`providersByRole takes one object of groups: ${call.getText(sf)}`);
    return [];
  }
  const names: string[] = [];
  for (const prop of arg.properties) {
    if (!ts.isPropertyAssignment(prop) || !ts.isArrayLiteralExpression(prop.initializer)) {
      problems.push(`providersByRole group ${prop.getText(sf)} is not a \`name: [...]\` array`);
      continue;
    }
    const name = prop.name.getText(sf);
    if (!documentedRoleGroups().has(name)) {
      problems.push(`providersByRole group ${name} is not one ProvidersByRole documents`);
    }
    groups.set(
      name,
      prop.initializer.elements.map((el) => el.getText(sf)),
    );
    names.push(name);
  }
  return names;
}

/** Layout problems of a module file, given what each identifier it groups is. */
function layoutProblems(source: string, roleOf: (identifier: string) => Role | undefined): string[] {
  const layout = readLayout(source);
  if (!layout) return [];
  const problems = [...layout.problems];
  const placed = new Map<string, string>();
  const visit = (group: string, seen: Set<string>): void => {
    if (seen.has(group)) return;
    seen.add(group);
    for (const element of layout.groups.get(group) ?? []) {
      const spread = /^\.\.\.([\w$]+)$/.exec(element);
      if (spread && layout.groups.has(spread[1])) {
        visit(spread[1], seen);
        continue;
      }
      if (!IDENTIFIER.test(element)) continue; // { provide, useFactory } objects: any group
      if (placed.has(element)) problems.push(`${element} is provided twice (${placed.get(element)}, ${group})`);
      placed.set(element, group);
      const role = roleOf(element);
      if (role && !GROUPS_OF_ROLE[role].includes(group)) {
        const expected = GROUPS_OF_ROLE[role].join(' or ');
        problems.push(`${element} is a ${role} provider but sits in ${group}, not ${expected}`);
      }
      if (!role && ROLE_GROUPS.has(group)) problems.push(`${element} sits in ${group} but is not decorated as one`);
    }
  };
  for (const group of layout.providerGroups) visit(group, new Set());
  return problems;
}

/** Every module file the brief names: contexts, infrastructure and apps. */
function moduleFiles(root: string): string[] {
  const files: string[] = [];
  for (const base of ['libs', 'apps']) {
    for (const name of readdirSync(join(root, base))) {
      for (const dir of [join(root, base, name, 'src'), join(root, base, name, 'src', 'nest')]) {
        if (!existsSync(dir)) continue;
        files.push(
          ...readdirSync(dir)
            .filter((f) => f.endsWith('.module.ts'))
            .map((f) => join(dir, f)),
        );
      }
    }
  }
  return files.sort();
}

/** The runtime value of each identifier a module file imports (or exports itself). */
function importedValues(file: string, source: string): Map<string, unknown> {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.ES2022, true);
  const values = new Map<string, unknown>();
  for (const statement of sf.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const bindings = statement.importClause?.namedBindings;
    if (!bindings || !ts.isNamedImports(bindings) || statement.importClause?.isTypeOnly) continue;
    const specifier = statement.moduleSpecifier.text;
    const path = specifier.startsWith('.') ? resolve(dirname(file), specifier) : specifier;
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loads by path inside jest's registry
    const loaded = require(path) as Record<string, unknown>;
    for (const el of bindings.elements) {
      if (el.isTypeOnly) continue;
      values.set(el.name.text, loaded[(el.propertyName ?? el.name).text]);
    }
  }
  return values;
}

const ROOT = resolve(__dirname, '../../..');
/** Modules whose providers come from `forRoot(options)` (they close over the options): no static list. */
const DYNAMIC_MODULES = ['api.module.ts', 'core.module.ts', 'event-store.module.ts', 'platform.module.ts'];

describe('module wiring grouped by role', () => {
  const files = moduleFiles(ROOT);

  it('finds every module file, and only the dynamic ones without a static provider list', () => {
    expect(files.length).toBeGreaterThanOrEqual(24);
    const withoutProviders = files
      .filter((file) => !readLayout(readFileSync(file, 'utf8'), file))
      .map((file) => file.split('/').pop());
    expect(withoutProviders.sort()).toEqual(DYNAMIC_MODULES);
  });

  it.each(moduleFiles(ROOT).map((file) => [file.slice(ROOT.length + 1), file]))(
    '%s: providers come from named groups, each provider in the group of what it is',
    (_name, file) => {
      const source = readFileSync(file, 'utf8');
      const layout = readLayout(source, file);
      if (!layout) return;
      const values = importedValues(file, source);
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- the module file under test, by path
      const exported = require(file) as Record<string, unknown>;
      const valueOf = (identifier: string): unknown => values.get(identifier) ?? exported[identifier];
      const roleOf = (identifier: string): Role | undefined => roleOfClass(valueOf(identifier));
      expect(layoutProblems(source, roleOf)).toEqual([]);

      // Nest's own view: every provider the module registers is one of the grouped ones, and every
      // command or query handler among them is in the group of its kind.
      const moduleClass = Object.values(exported).find(
        (value) => typeof value === 'function' && Reflect.getMetadata('providers', value),
      );
      const registered = Reflect.getMetadata('providers', moduleClass as object) as unknown[];
      const groupOf = new Map<unknown, string>();
      const collect = (group: string, into: string): void => {
        for (const element of layout.groups.get(group) ?? []) {
          const spread = /^\.\.\.([\w$]+)$/.exec(element);
          if (spread) collect(spread[1], spread[1]);
          else if (IDENTIFIER.test(element)) groupOf.set(valueOf(element) ?? element, into);
        }
      };
      for (const group of layout.providerGroups) collect(group, group);
      expect(registered.length).toBeGreaterThan(0);
      for (const provider of registered) {
        if (typeof provider !== 'function') continue; // { provide, ... } objects
        const group = groupOf.get(provider) ?? groupOf.get(provider.name);
        const name = provider.name;
        expect({ name, grouped: group !== undefined }).toEqual({ name, grouped: true });
        const role = roleOfClass(provider);
        if (role === 'command' || role === 'query') {
          expect({ name, group }).toEqual({ name, group: GROUPS_OF_ROLE[role][0] });
        }
      }
    },
  );

  it('rejects a module that lists a bare provider or puts a handler in the wrong group', () => {
    const wrong = `
      import { Module } from '@nestjs/common';
      /** Commands this context decides. */
      const commandHandlers = [CreateThingHandler, GetThingHandler];
      const services = [ThingLoader, ThingJob];
      @Module({ providers: [...commandHandlers, ...services, ThingProjection, { provide: X, useValue: 1 }] })
      export class WrongModule {}
    `;
    const roles: Record<string, Role> = {
      CreateThingHandler: 'command',
      GetThingHandler: 'query',
      ThingJob: 'job',
      ThingProjection: 'projection',
    };
    expect(layoutProblems(wrong, (id) => roles[id])).toEqual([
      'group services has no /** comment */ saying what it holds',
      'providers lists ThingProjection directly: put it in a named group',
      'providers lists { provide: X, useValue: 1 } directly: put it in a named group',
      'GetThingHandler is a query provider but sits in commandHandlers, not queryHandlers',
      'ThingJob is a job provider but sits in services, not jobs',
    ]);

    const right = `
      /** Commands this context decides. */
      const commandHandlers = [CreateThingHandler];
      /** Queries answered from its read models. */
      const queryHandlers = [GetThingHandler];
      /** Durable scheduler jobs. */
      const jobs = [ThingJob];
      /** Services its handlers share. */
      const services = [ThingLoader, { provide: X, useValue: 1 }];
      @Module({ providers: [...commandHandlers, ...queryHandlers, ...jobs, ...services] })
      export class RightModule {}
    `;
    expect(layoutProblems(right, (id) => roles[id])).toEqual([]);
  });

  it('reads providersByRole groups the same way: a wrong group, an undocumented one, a non-array', () => {
    const roles: Record<string, Role> = { CreateThingHandler: 'command', GetThingHandler: 'query', ThingJob: 'job' };
    const wrong = `
      const providers = providersByRole({
        commandHandlers: [CreateThingHandler, GetThingHandler],
        helpers: [ThingHelper],
        services: sharedServices,
        jobs: [ThingJob, ThingLoader],
      });
      @Module({ providers })
      export class WrongModule {}
    `;
    expect(layoutProblems(wrong, (id) => roles[id])).toEqual([
      'providersByRole group helpers is not one ProvidersByRole documents',
      'providersByRole group services: sharedServices is not a `name: [...]` array',
      'GetThingHandler is a query provider but sits in commandHandlers, not queryHandlers',
      'ThingLoader sits in jobs but is not decorated as one',
    ]);

    const right = `
      @Module({
        providers: providersByRole({
          commandHandlers: [CreateThingHandler],
          queryHandlers: [GetThingHandler],
          jobs: [ThingJob],
          services: [ThingLoader, { provide: X, useValue: 1 }],
        }),
      })
      export class RightModule {}
    `;
    expect(layoutProblems(right, (id) => roles[id])).toEqual([]);
    expect(readLayout(right)?.providerGroups).toEqual(['commandHandlers', 'queryHandlers', 'jobs', 'services']);
  });
});
