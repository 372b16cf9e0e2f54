"""Match runner, simulations, statistics, parallel backends."""
