module github.com/conform-dev/conform/mirrors/kit/go

go 1.22
