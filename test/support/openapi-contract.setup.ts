import { assertContractsHeld } from './openapi-contract.registry';

// Every test file: the apps it started kept the OpenAPI contract (docs/api-reference.md).
afterAll(assertContractsHeld);
