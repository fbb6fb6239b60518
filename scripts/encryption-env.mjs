// The DATA_ENCRYPTION_KEY (README, Configuration) that the processes tests, e2e and the bench start are given, as
// production is (with DATABASE_URL a start without one is refused). A fixed key, known to everyone: for tests only.
export const ENCRYPTION_ENV = {
  DATA_ENCRYPTION_KEY: "cGF5cm91dGUtdGVzdC1rZXktMzItYnl0ZXMtbG9uZyE=",
};
