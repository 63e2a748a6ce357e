// GET /api/scenarios/GetDirectoryTree: my folders as a tree.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import * as scenariosApi from '../../../../shared/endpoints/scenarios';
import type { DirectoryNode } from '../../../../shared/schemas/scenarios';
import { scenarioKeys } from './keys';

// The response schema leaves sub-folders unknown (it is not recursive); each has the same shape.
export const getDirectoryTree = async () => (await call(scenariosApi.getDirectoryTree)) as DirectoryNode[];

export const directoryTreeQueryOptions = () => queryOptions({ queryKey: scenarioKeys.tree(), queryFn: getDirectoryTree });

export const useDirectoryTree = () => useQuery(directoryTreeQueryOptions());
