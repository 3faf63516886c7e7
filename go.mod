module conform

go 1.26
