import { useEffect, useState } from 'preact/hooks';
import { callTool } from './store.js';

/** How often the bar reads get_cluster_status while the page is open. */
const EVERY_MS = 2000;

/** Another node as the cluster's registry lists it (get_cluster_status `nodes`, when the server has it). */
interface ListedNode {
  readonly node: string;
  readonly role: 'leader' | 'render';
  readonly slice?: readonly string[] | null;
  readonly lag?: number | null;
  readonly frame?: number | null;
}

/** get_cluster_status as this bar reads it. */
interface ClusterView {
  readonly clustered: boolean;
  readonly role?: 'leader' | 'render';
  readonly node?: string;
  readonly leader?: string | null;
  readonly lag?: number | null;
  readonly calls?: number;
  readonly failed?: number;
  readonly stopped?: string;
  readonly nodes?: readonly ListedNode[];
}

/** get_cluster_status, read every few seconds; undefined until the first answer, and on a process outside a cluster. */
function useCluster(): ClusterView | undefined {
  const [view, setView] = useState<ClusterView | undefined>(undefined);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let live = true;
    const read = (): void => {
      void callTool<ClusterView>('get_cluster_status')
        .then((v) => {
          if (!live) return;
          setView(v.clustered ? v : undefined);
          // A process is a cluster's node from its start or never: outside a cluster there is nothing more to read.
          if (v.clustered) timer = setTimeout(read, EVERY_MS);
        })
        .catch(() => {
          if (live) timer = setTimeout(read, EVERY_MS);
        });
    };
    read();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, []);
  return view;
}

const frames = (n: number | null | undefined): string => (n === null || n === undefined ? '–' : `${n} frame${n === 1 ? '' : 's'}`);

/**
 * A cluster's node (serve --cluster): a banner on a render node (its writes go to the leader), and
 * this node's role, leader, lag and calls, with the other nodes when the server lists them.
 */
export function ClusterBar() {
  const c = useCluster();
  if (c === undefined) return null;
  const leader = c.leader ?? 'a leader not yet known';
  return (
    <section class={`cluster cluster-${c.role}`} aria-label="Cluster">
      {c.role === 'render' && (
        <strong class="cluster-banner" role="status">
          Render node {c.node} of {leader}: writes go to the leader
        </strong>
      )}
      <dl class="cluster-figures">
        <dt>role</dt>
        <dd data-field="role">{c.role}</dd>
        <dt>node</dt>
        <dd data-field="node">{c.node}</dd>
        <dt>leader</dt>
        <dd data-field="leader">{c.leader ?? '–'}</dd>
        <dt>lag</dt>
        <dd data-field="lag">{frames(c.lag)}</dd>
        <dt>calls</dt>
        <dd data-field="calls">{c.calls ?? 0}</dd>
        <dt>failed</dt>
        <dd data-field="failed" class={(c.failed ?? 0) > 0 ? 'bad' : ''}>
          {c.failed ?? 0}
        </dd>
      </dl>
      {c.stopped !== undefined && <span class="badge warn">{c.stopped}</span>}
      {c.nodes !== undefined && c.nodes.length > 0 && (
        <ul class="cluster-nodes" aria-label="Nodes">
          {c.nodes.map((n) => (
            <li key={n.node} data-node={n.node}>
              {n.node} ({n.role}
              {n.slice === null || n.slice === undefined ? '' : `, ${n.slice.length} fixture${n.slice.length === 1 ? '' : 's'}`}, lag {frames(n.lag)})
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
