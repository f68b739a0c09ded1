"""An angler at Port: sell, buy with every discount itemised, mount."""
