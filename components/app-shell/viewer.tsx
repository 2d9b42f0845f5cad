'use client';

import { createContext, useContext, type ReactNode } from 'react';
import type { Role } from '@/lib/team/roles';

/** The signed-in person as pages need them: the navigation and which figures to show. */
export interface Viewer {
  name: string;
  role: Role;
  /** "Can see costs and profit": off, the server answers without them and pages leave their columns out. */
  seesProfit: boolean;
}

const ViewerContext = createContext<Viewer>({ name: '', role: 'viewer', seesProfit: true });

export function ViewerProvider({ viewer, children }: { viewer: Viewer; children: ReactNode }) {
  return <ViewerContext.Provider value={viewer}>{children}</ViewerContext.Provider>;
}

export function useViewer(): Viewer {
  return useContext(ViewerContext);
}
