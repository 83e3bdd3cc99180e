export type SeededUser = {
  id: string;
  email: string;
  password: string;
  username: string;
  /** The user's primary workspace. */
  teamId: string;
};

export type SeededDashboard = {
  /** An editor with folders (/Projects, /Projects/2024, /Clients, /Batch) and sandboxes. */
  owner: SeededUser;
  /** A READ member of the owner's workspace. */
  reader: SeededUser;
  /** A user whose drafts are full, with 'Overflow' in /Work. */
  full: SeededUser;
  /** The admin of a frozen workspace with 'Sierra' at the root and an empty /Vault. */
  frozen: SeededUser;
  /** A user with 10,000 sandboxes in /Many. */
  many: SeededUser;
};

export type SeededRepositories = {
  /** Imports into their primary workspace; also admin of a frozen workspace. */
  owner: SeededUser;
  /** A READ member of the owner's primary workspace. */
  reader: SeededUser;
  frozenTeamId: string;
};
