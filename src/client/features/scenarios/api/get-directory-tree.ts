// GET /api/scenarios/GetDirectoryTree: my folders as a tree.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { DirectoryNode } from '../../../../shared/schemas/scenarios';
import { scenarioKeys } from './keys';

export const getDirectoryTree = () => api<DirectoryNode[]>('/api/scenarios/GetDirectoryTree');

export const directoryTreeQueryOptions = () => queryOptions({ queryKey: scenarioKeys.tree(), queryFn: getDirectoryTree });

export const useDirectoryTree = () => useQuery(directoryTreeQueryOptions());
